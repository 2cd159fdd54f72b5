// The frame of every change to a stored invoice, on readDecideCommit (shared/data/change.ts): read it,
// let the operation decide, and write the decision with its events in one transaction on the
// condition that the invoice is still the version read — decided again from a fresh read otherwise.
import { commitItem, existing, RACED, readDecideCommit, type Unchanged } from '#shared/data/change';
import { changedInvoiceParts, getInvoice } from '#shared/data/invoices';
import type { WriteParts } from '#shared/data/table';
import type { EventType } from '#shared/domain/events';
import type { Invoice } from '#shared/domain/invoice';
import { invoiceResource } from '#shared/domain/resources/invoice';
import type { InvoicingDeps } from '#shared/invoicing/deps';

export type InvoiceDecision<Part extends string> = {
  invoice: Omit<Invoice, 'version' | 'updated_at'>;
  /** Event kinds written with the change; each carries the invoice as changed. */
  events: EventType[];
  /** Put beside `data.object` in each of the change's events. */
  eventData?: Record<string, unknown>;
  /** More of the same transaction (a payment, a condition on another item), by name. */
  parts?: WriteParts<Part>;
};

/** The invoice as written, or the name of one of the decision's parts whose condition failed. */
export type InvoiceChanged<Part extends string> = { ok: true; invoice: Invoice } | { ok: false; failed: Part };

/** `decide` may answer `unchanged(value)`: nothing is written, and the change answers `value`. */
export async function changeInvoice<Part extends string = never, Kept = never>(
  { db, publicBaseUrl }: InvoicingDeps,
  organizationId: string,
  invoiceId: string,
  decide: (current: Invoice) => InvoiceDecision<Part> | Unchanged<Kept>,
  now = new Date(),
): Promise<InvoiceChanged<Part> | Kept> {
  return readDecideCommit({
    subject: { resource: 'invoice', id: invoiceId },
    read: () => existing(getInvoice(db, organizationId, invoiceId), 'Invoice'),
    decide,
    commit: async (decision: InvoiceDecision<Part>, current): Promise<InvoiceChanged<Part> | typeof RACED> => {
      const invoice: Invoice = { ...decision.invoice, updated_at: now.toISOString(), version: current.version + 1 };
      const written = await commitItem(
        db,
        organizationId,
        {
          item: changedInvoiceParts(db, organizationId, invoice, current),
          events: decision.events,
          object: invoiceResource(invoice, publicBaseUrl),
          more: decision.eventData,
          parts: decision.parts,
        },
        now,
      );
      if (written === RACED) return RACED;
      return written.ok ? { ok: true, invoice } : { ok: false, failed: written.failed };
    },
  });
}

/** For a change whose parts carry no condition of their own: the invoice as written. */
export function changed(result: InvoiceChanged<never>): Invoice {
  if (!result.ok) throw new Error(`unexpected failed condition: ${String(result.failed)}`);
  return result.invoice;
}
