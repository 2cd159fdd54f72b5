// Generating a recurring template's due periods — every missed period once, oldest first (documented
// policy) — each through the same invoice creation as the API, its period claimed in the invoice's
// own transaction so that concurrent or repeated runs never generate it twice.
import { getRecurringInvoice, periodClaim } from '#shared/data/recurring-invoices';
import { addDays } from '#shared/domain/dates';
import { storedLineInput } from '#shared/domain/invoice';
import { advanced, type RecurringInvoice } from '#shared/domain/recurring-invoice';
import { createInvoice, OriginTakenError } from '#shared/invoicing/create-invoice';
import { VOID_REASON } from '#shared/domain/numbering';
import type { InvoicingDeps } from '#shared/invoicing/deps';

export type RunnerDeps = InvoicingDeps & {
  /** Sends a generated invoice (auto_send); failures are the caller's to log, the invoice stays a draft. */
  send?: (organizationId: string, invoiceId: string, to: string) => Promise<void>;
  /** Most periods one template may catch up in one run. */
  maxPeriodsPerRun?: number;
};

const draftOf = (template: RecurringInvoice, runDate: string) => ({
  client_id: template.client_id,
  issue_date: runDate,
  due_date: addDays(runDate, template.due_in_days),
  currency: template.currency,
  notes: template.notes,
  terms: template.terms,
  buyer_reference: template.buyer_reference,
  purchase_order: template.purchase_order,
  lines: template.line_items.map(storedLineInput),
  ...(template.metadata ? { metadata: template.metadata } : {}),
});

/** Generates the template's due periods; answers how many it generated. */
export async function generateDueInvoices(
  deps: RunnerDeps,
  organizationId: string,
  recurringId: string,
  today: string,
): Promise<number> {
  let generated = 0;
  for (let round = 0; round < (deps.maxPeriodsPerRun ?? 24); round++) {
    const template = await getRecurringInvoice(deps.db, organizationId, recurringId);
    if (!template || template.status !== 'active' || !template.next_run_date || template.next_run_date > today)
      return generated;
    const index = template.next_index;
    const runDate = template.next_run_date;
    const next = { ...advanced(template, index, runDate), updated_at: new Date().toISOString() };
    try {
      const invoice = await createInvoice(deps, organizationId, draftOf(template, runDate), new Date(), {
        claim: periodClaim(deps.db, next, index),
        voidReason: VOID_REASON.periodTaken,
        fields: { recurring_id: recurringId },
      });
      generated += 1;
      if (template.auto_send && deps.send) await deps.send(organizationId, invoice.id, template.send_to ?? '');
    } catch (error) {
      // Another run generated this period (or the template was paused): read again and carry on.
      if (!(error instanceof OriginTakenError)) throw error;
    }
  }
  return generated;
}
