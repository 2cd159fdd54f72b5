// The organization's received e-invoices, newest first, filtered by status, seller, issue dates and text.
import { config } from '#shared/config';
import { listIncomingInvoices } from '#shared/data/incoming-invoices';
import { incomingInvoiceResource } from '#shared/domain/resources/incoming-invoice';
import { endpoint } from '#shared/http/endpoint';
import { cursorSecret, listing } from '#shared/http/pagination';
import { listIncomingInvoicesQuery } from '#shared/http/schemas/incoming-invoices';
import { route } from '#functions/list-incoming-invoices/route';

const settings = config();
const cursorKey = cursorSecret(settings);
const { PUBLIC_BASE_URL } = settings;

export const handler = endpoint(
  route,
  { query: listIncomingInvoicesQuery },
  async ({ db, organizationId, query, baseUrl }) => {
    const { limit, cursor, ...filters } = query;
    const scope = `${organizationId}|incoming-invoices|${JSON.stringify(filters)}`;
    const link = { scope, baseUrl, path: '/api/v1/incoming-invoices/', query: { limit: String(limit), ...filters } };
    const list = listing(await cursorKey(), link, cursor);
    const filter = {
      status: filters.status,
      seller: filters.seller,
      issueDateFrom: filters.issue_date_from,
      issueDateTo: filters.issue_date_to,
      q: filters.q,
    };
    const page = await listIncomingInvoices(db, organizationId, filter, { limit, startKey: list.startKey });
    return { status: 200, body: list.page(page, (invoice) => incomingInvoiceResource(invoice, null, PUBLIC_BASE_URL)) };
  },
);
