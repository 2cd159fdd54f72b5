// The invoices a recurring template generated, newest first.
import { config } from '#shared/config';
import { listInvoices } from '#shared/data/invoices';
import { getRecurringInvoice } from '#shared/data/recurring-invoices';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/domain/errors';
import { cursorSecret, listing } from '#shared/http/pagination';
import { pageQuery, idParams } from '#shared/http/schemas/common';
import { invoiceResource } from '#shared/domain/resources/invoice';
import { route } from '#functions/list-generated-invoices/route';

const settings = config();
const { PUBLIC_BASE_URL } = settings;
const cursorKey = cursorSecret(settings);

export const handler = endpoint(
  route,
  { params: idParams('rec'), query: pageQuery },
  async ({ db, organizationId, params, query, baseUrl }) => {
    const template = await getRecurringInvoice(db, organizationId, params.id);
    if (!template) throw notFound('Recurring invoice');
    const scope = `${organizationId}|generated|${template.id}`;
    const path = `/api/v1/recurring-invoices/${template.id}/invoices/`;
    const list = listing(
      await cursorKey(),
      { scope, baseUrl, path, query: { limit: String(query.limit) } },
      query.cursor,
    );
    const page = await listInvoices(
      db,
      organizationId,
      { clientId: template.client_id, recurringId: template.id },
      { limit: query.limit, startKey: list.startKey },
    );
    return { status: 200, body: list.page(page, (invoice) => invoiceResource(invoice, PUBLIC_BASE_URL)) };
  },
);
