// A template that generates an invoice every period, through the same creation as POST /invoices/.
import { createRecurringInvoice } from '#shared/invoicing/create-recurring-invoice';
import { endpoint } from '#shared/http/endpoint';
import { lineInput } from '#shared/http/schemas/invoices';
import { createRecurringBody } from '#shared/http/schemas/recurring';
import { recurringInvoiceResource } from '#shared/domain/resources/recurring-invoice';
import { route } from '#functions/create-recurring-invoice/route';

export const handler = endpoint(route, { body: createRecurringBody }, async ({ db, organizationId, body }) => {
  const { client, line_items: lines, ...schedule } = body;
  const template = await createRecurringInvoice(db, organizationId, {
    ...schedule,
    client_id: client,
    lines: lines.map(lineInput),
  });
  return { status: 201, body: recurringInvoiceResource(template) };
});
