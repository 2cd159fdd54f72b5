import { listRecurringInvoices } from '#shared/data/recurring-invoices';
import { endpoint } from '#shared/http/endpoint';
import { recurringInvoiceResource } from '#shared/domain/resources/recurring-invoice';
import { recurringInvoiceList } from '#shared/http/schemas/responses/recurring';
import { routeNamed } from '#functions/routes';

export const handler = endpoint(
  routeNamed('list-recurring-invoices'),
  { response: recurringInvoiceList },
  async ({ db, organizationId }) => ({
    status: 200,
    body: { results: (await listRecurringInvoices(db, organizationId)).map(recurringInvoiceResource), next: null },
  }),
);
