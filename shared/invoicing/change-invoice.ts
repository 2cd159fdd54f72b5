// The frame of every change to a stored invoice: read it, let the operation decide, and write the
// decision with its events in one transaction — again from a fresh read if somebody changed it meanwhile.
import { eventParts } from '#shared/data/events';
import { changedInvoiceParts, getInvoice } from '#shared/data/invoices';
import { transact, type WriteParts } from '#shared/data/table';
import { notFound } from '#shared/domain/errors';
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

const MAX_ATTEMPTS = 20;

export async function changeInvoice<Part extends string = never>(
  { db, publicBaseUrl }: InvoicingDeps,
  organizationId: string,
  invoiceId: string,
  decide: (current: Invoice) => InvoiceDecision<Part>,
  now = new Date(),
): Promise<InvoiceChanged<Part>> {
  for (let attempt = 1; ; attempt++) {
    const current = await getInvoice(db, organizationId, invoiceId);
    if (!current) throw notFound('Invoice');
    const decision = decide(current);
    const invoice: Invoice = { ...decision.invoice, updated_at: now.toISOString(), version: current.version + 1 };
    const object = invoiceResource(invoice, publicBaseUrl);
    const events = decision.events.map((type) => ({ type, object, more: decision.eventData }));
    const written = await transact<Part | 'invoice' | 'events'>(db, {
      invoice: changedInvoiceParts(db, organizationId, invoice, current),
      ...decision.parts,
      events: eventParts(db, organizationId, events, now),
    } as WriteParts<Part | 'invoice' | 'events'>);
    if (written.ok) return { ok: true, invoice };
    if (written.failed !== 'invoice') return { ok: false, failed: written.failed as Part };
    if (attempt >= MAX_ATTEMPTS) throw new Error(`invoice ${invoiceId} kept changing under ${attempt} attempts`);
  }
}

/** For a change whose parts carry no condition of their own: the invoice as written. */
export function changed(result: InvoiceChanged<never>): Invoice {
  if (!result.ok) throw new Error(`unexpected failed condition: ${String(result.failed)}`);
  return result.invoice;
}
