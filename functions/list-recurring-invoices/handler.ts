import { listRecurringInvoices } from '#shared/data/recurring-invoices';
import { endpoint } from '#shared/http/endpoint';
import { listRecurringQuery } from '#shared/http/schemas/recurring';
import { recurringInvoiceResource } from '#shared/domain/resources/recurring-invoice';
import { route } from '#functions/list-recurring-invoices/route';

export const handler = endpoint(route, { query: listRecurringQuery }, async ({ db, organizationId, query }) => {
  const templates = await listRecurringInvoices(db, organizationId, query.metadata);
  return { status: 200, body: { results: templates.map(recurringInvoiceResource), next: null } };
});
