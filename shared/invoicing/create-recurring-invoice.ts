// A template that generates an invoice every period, through the same creation as POST /invoices/.
import { getClient } from '#shared/data/clients';
import { getOrganization } from '#shared/data/organizations';
import { saveNewRecurringInvoice } from '#shared/data/recurring-invoices';
import { assertBillable } from '#shared/domain/client';
import { dateIn } from '#shared/domain/dates';
import { newId } from '#shared/domain/ids';
import type { LineItemInput } from '#shared/domain/invoice';
import { timeZoneOf } from '#shared/domain/organization';
import { periodDate } from '#shared/domain/recurrence';
import { recurringLines, type RecurringInvoice } from '#shared/domain/recurring-invoice';
import { recurringInvoiceResource } from '#shared/domain/resources/recurring-invoice';
import type { CorrelatedDb } from '#shared/data/table';

type Generated = 'id' | 'organization_id' | 'status' | 'next_index' | 'next_run_date' | 'generated_count';
/** A new template; `start_date` defaults to today in the organization's time zone. */
export type NewRecurringInvoice = Omit<
  RecurringInvoice,
  Generated | 'created_at' | 'updated_at' | 'start_date' | 'line_items'
> & { start_date?: string; lines: LineItemInput[] };

export async function createRecurringInvoice(
  db: CorrelatedDb,
  organizationId: string,
  { lines, start_date: startDate, ...input }: NewRecurringInvoice,
  now = new Date(),
): Promise<RecurringInvoice> {
  const [client, organization] = await Promise.all([
    getClient(db, organizationId, input.client_id),
    startDate ? undefined : getOrganization(db, organizationId),
  ]);
  assertBillable(client);
  const schedule = { ...input, start_date: startDate ?? dateIn(timeZoneOf(organization), now) };
  const first = periodDate(schedule, 0);
  const template: RecurringInvoice = {
    ...schedule,
    line_items: recurringLines(lines),
    id: newId('rec', now.getTime()),
    organization_id: organizationId,
    status: first ? 'active' : 'ended',
    next_index: 0,
    next_run_date: first,
    generated_count: 0,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
  await saveNewRecurringInvoice(db, template, {
    type: 'recurring_invoice.created',
    object: recurringInvoiceResource(template),
  });
  return template;
}
