import { getInvoice } from '#shared/data/invoices';
import { listPayments } from '#shared/data/payments';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/domain/errors';
import { idParams } from '#shared/http/schemas/common';
import { paymentResource } from '#shared/domain/resources/payment';
import { route } from '#functions/list-payments/route';

export const handler = endpoint(route, { params: idParams('inv') }, async ({ db, organizationId, params }) => {
  const [invoice, payments] = await Promise.all([
    getInvoice(db, organizationId, params.id),
    listPayments(db, organizationId, params.id),
  ]);
  if (!invoice) throw notFound('Invoice');
  return { status: 200, body: { results: payments.map(paymentResource), next: null } };
});
