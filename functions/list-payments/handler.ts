import { config } from '#shared/config';
import { getInvoice } from '#shared/data/invoices';
import { paymentsPage } from '#shared/data/payments';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/domain/errors';
import { cursorSecret, listing } from '#shared/http/pagination';
import { idParams, pageQuery } from '#shared/http/schemas/common';
import { paymentResource } from '#shared/domain/resources/payment';
import { route } from '#functions/list-payments/route';

const cursorKey = cursorSecret(config());

export const handler = endpoint(
  route,
  { params: idParams('inv'), query: pageQuery },
  async ({ db, organizationId, params, query, baseUrl }) => {
    const path = `/api/v1/invoices/${params.id}/payments/`;
    const link = { scope: `${organizationId}|payments|${params.id}`, baseUrl, path };
    const list = listing(await cursorKey(), { ...link, query: { limit: String(query.limit) } }, query.cursor);
    const [invoice, page] = await Promise.all([
      getInvoice(db, organizationId, params.id),
      paymentsPage(db, organizationId, params.id, { limit: query.limit, startKey: list.startKey }),
    ]);
    if (!invoice) throw notFound('Invoice');
    return { status: 200, body: list.page(page, paymentResource) };
  },
);
