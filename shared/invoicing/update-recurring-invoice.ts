// Changing a template: the changes are merged into it and its next run recomputed from its period
// count, so a new end or day of month takes effect from the next period; one left without periods ends.
import type { CorrelatedDb } from '#shared/data/table';
import { invalidState } from '#shared/domain/errors';
import type { LineItemInput } from '#shared/domain/invoice';
import { periodDate } from '#shared/domain/recurrence';
import { changedMetadata, type Metadata } from '#shared/domain/metadata';
import { recurringLines, type RecurringInvoice } from '#shared/domain/recurring-invoice';
import { changeRecurringInvoice } from '#shared/invoicing/change-recurring-invoice';

type Cleared<T> = { [K in keyof T]?: T[K] | null };

/** What a PATCH may change; `null` clears an optional field, absent keeps it. */
export type RecurringChanges = Pick<
  Partial<RecurringInvoice>,
  'day_of_month' | 'due_in_days' | 'currency' | 'notes' | 'terms' | 'auto_send'
> &
  Cleared<Pick<RecurringInvoice, 'end_date' | 'max_count' | 'send_to' | 'buyer_reference' | 'purchase_order'>> & {
    lines?: LineItemInput[];
    /** Keys to set, '' removing one; in any state. */
    metadata?: Metadata;
  };

const cleared = <T>(value: T | null | undefined) => (value === null ? undefined : value);

/** The template with the changes applied; optional fields given as null are removed. */
function merged(current: RecurringInvoice, { lines, metadata, ...changes }: RecurringChanges): RecurringInvoice {
  const next: Record<string, unknown> = { ...current };
  for (const [field, value] of Object.entries(changes)) if (value !== undefined) next[field] = cleared(value);
  if (lines) next.line_items = recurringLines(lines);
  if (metadata) next.metadata = changedMetadata(current.metadata, metadata);
  return next as RecurringInvoice;
}

export async function updateRecurringInvoice(
  db: CorrelatedDb,
  organizationId: string,
  recurringId: string,
  changes: RecurringChanges,
): Promise<RecurringInvoice> {
  const onlyMetadata = Object.entries(changes).every(([field, value]) => field === 'metadata' || value === undefined);
  return changeRecurringInvoice(
    db,
    organizationId,
    recurringId,
    (current) => {
      if (current.status === 'ended' && !onlyMetadata)
        throw invalidState('An ended recurring invoice cannot be changed, but for its metadata');
      const changed = merged(current, changes);
      const next = periodDate(changed, changed.next_index);
      return { ...changed, next_run_date: next, status: next ? changed.status : 'ended' };
    },
    'recurring_invoice.updated',
  );
}
