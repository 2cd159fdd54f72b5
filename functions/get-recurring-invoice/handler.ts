import { getRecurringInvoice } from '#shared/data/recurring-invoices';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/domain/errors';
import { idParams } from '#shared/http/schemas/common';
import { recurringInvoiceResource } from '#shared/domain/resources/recurring-invoice';
import { route } from '#functions/get-recurring-invoice/route';

export const handler = endpoint(route, { params: idParams('rec') }, async ({ db, organizationId, params }) => {
  const template = await getRecurringInvoice(db, organizationId, params.id);
  if (!template) throw notFound('Recurring invoice');
  return { status: 200, body: recurringInvoiceResource(template) };
});
