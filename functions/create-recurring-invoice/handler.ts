// A template that generates an invoice every period, through the same creation as POST /invoices/.
import { config } from '#shared/config';
import { createDb } from '#shared/data/table';
import { getClient } from '#shared/data/clients';
import { createRecurringInvoice } from '#shared/data/recurring-invoices';
import { getOrganization } from '#shared/data/organizations';
import { dateIn } from '#shared/domain/dates';
import { endpoint } from '#shared/http/endpoint';
import { templateLines } from '#shared/http/schemas/invoices';
import { invalidState, notFound } from '#shared/domain/errors';
import { createRecurringBody } from '#shared/http/schemas/recurring';
import { recurringInvoiceResource } from '#shared/domain/resources/recurring-invoice';
import { timeZoneOf } from '#shared/domain/organization';
import { recurringInvoiceResponse } from '#shared/http/schemas/responses/recurring';
import { routeNamed } from '#functions/routes';

const db = createDb(config().TABLE_NAME);

export const handler = endpoint(
  routeNamed('create-recurring-invoice'),
  { db, body: createRecurringBody, response: recurringInvoiceResponse },
  async ({ db, organizationId, body }) => {
    const [client, organization] = await Promise.all([
      getClient(db, organizationId, body.client),
      body.start_date ? undefined : getOrganization(db, organizationId),
    ]);
    if (!client) throw notFound('Client');
    if (!client.is_active) throw invalidState('The client is archived; new invoices cannot be billed to it');
    const template = await createRecurringInvoice(db, organizationId, {
      client_id: body.client,
      frequency: body.frequency,
      interval: body.interval,
      start_date: body.start_date ?? dateIn(timeZoneOf(organization)),
      end_date: body.end_date,
      max_count: body.max_count,
      day_of_month: body.day_of_month,
      due_in_days: body.due_in_days,
      currency: body.currency,
      notes: body.notes,
      terms: body.terms,
      buyer_reference: body.buyer_reference,
      purchase_order: body.purchase_order,
      auto_send: body.auto_send,
      send_to: body.send_to,
      line_items: templateLines(body.line_items),
    });
    return { status: 201, body: recurringInvoiceResource(template) };
  },
);
