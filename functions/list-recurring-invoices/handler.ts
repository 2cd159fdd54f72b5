import { config } from '#shared/config';
import { createDb } from '#shared/data/table';
import { listRecurringInvoices } from '#shared/data/recurring-invoices';
import { endpoint } from '#shared/http/endpoint';
import { recurringInvoiceResource } from '#shared/domain/resources/recurring-invoice';
import { recurringInvoiceList } from '#shared/http/schemas/responses/recurring';
import { routeNamed } from '#functions/routes';

const db = createDb(config().TABLE_NAME);

export const handler = endpoint(
  routeNamed('list-recurring-invoices'),
  { db, response: recurringInvoiceList },
  async ({ organizationId }) => ({
    status: 200,
    body: { results: (await listRecurringInvoices(db, organizationId)).map(recurringInvoiceResource), next: null },
  }),
);
