import { config } from '#shared/config';
import { findInvoices } from '#shared/invoicing/find-invoices';
import { endpoint } from '#shared/http/endpoint';
import { cursorSecret, listing } from '#shared/http/pagination';
import { listInvoicesQuery } from '#shared/http/schemas/document-lists';
import { invoiceResource } from '#shared/domain/resources/invoice';
import { route } from '#functions/list-invoices/route';

const settings = config();
const { PUBLIC_BASE_URL } = settings;
const cursorKey = cursorSecret(settings);

export const handler = endpoint(route, { query: listInvoicesQuery }, async ({ db, organizationId, query, baseUrl }) => {
  const { limit, cursor, ...filters } = query;
  const scope = `${organizationId}|invoices|${JSON.stringify(filters)}`;
  const link = { scope, baseUrl, path: '/api/v1/invoices/', query: { limit: String(limit), ...filters } };
  const list = listing(await cursorKey(), link, cursor);
  const filter = {
    status: filters.status,
    clientId: filters.client,
    issueDateFrom: filters.issue_date_from,
    issueDateTo: filters.issue_date_to,
    metadata: filters.metadata,
    q: filters.q,
  };
  const page = await findInvoices(db, organizationId, filter, { limit, startKey: list.startKey });
  return { status: 200, body: list.page(page, (invoice) => invoiceResource(invoice, PUBLIC_BASE_URL)) };
});
