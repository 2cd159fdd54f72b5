import { config } from '#shared/config';
import { listRecurringInvoices } from '#shared/data/recurring-invoices';
import { endpoint } from '#shared/http/endpoint';
import { cursorSecret, listing } from '#shared/http/pagination';
import { listRecurringQuery } from '#shared/http/schemas/recurring';
import { recurringInvoiceResource } from '#shared/domain/resources/recurring-invoice';
import { route } from '#functions/list-recurring-invoices/route';

const cursorKey = cursorSecret(config());

export const handler = endpoint(
  route,
  { query: listRecurringQuery },
  async ({ db, organizationId, query, baseUrl }) => {
    const { limit, cursor, metadata } = query;
    const scope = `${organizationId}|recurring-invoices|${JSON.stringify(metadata ?? {})}`;
    const link = { scope, baseUrl, path: '/api/v1/recurring-invoices/', query: { limit: String(limit), metadata } };
    const list = listing(await cursorKey(), link, cursor);
    const page = await listRecurringInvoices(db, organizationId, { limit, metadata, startKey: list.startKey });
    return { status: 200, body: list.page(page, recurringInvoiceResource) };
  },
);
