// The organization's decision on a received document: accepted, rejected (with a reason) or paid,
// moving its status forward only (shared/domain/incoming-invoice.ts `decided`), with its event, in
// the one read-decide-commit frame.
import { commitItem, existing, RACED, readDecideCommit, unconditional } from '#shared/data/change';
import { getIncomingInvoice, incomingInvoicePart } from '#shared/data/incoming-invoices';
import type { CorrelatedDb } from '#shared/data/table';
import { invalidState } from '#shared/domain/errors';
import { decided, type IncomingDecision, type IncomingInvoice } from '#shared/domain/incoming-invoice';
import { incomingInvoiceResource } from '#shared/domain/resources/incoming-invoice';

const EVENT = {
  accept: 'incoming_invoice.accepted',
  reject: 'incoming_invoice.rejected',
  paid: 'incoming_invoice.paid',
} as const;

export async function decideIncomingInvoice(
  deps: { db: CorrelatedDb; publicBaseUrl: string },
  organizationId: string,
  id: string,
  decision: { kind: IncomingDecision; reason?: string },
): Promise<IncomingInvoice> {
  const { db } = deps;
  return readDecideCommit({
    subject: { resource: 'incoming_invoice', id },
    read: () => existing(getIncomingInvoice(db, organizationId, id), 'Incoming invoice'),
    decide: (invoice) => {
      const status = decided(invoice.status, decision.kind);
      if (!status)
        throw invalidState(
          `A received document that is ${invoice.status} cannot be marked ${EVENT[decision.kind].split('.')[1]}`,
        );
      const now = new Date().toISOString();
      return {
        ...invoice,
        status,
        ...(decision.reason ? { status_reason: decision.reason } : {}),
        decided_at: now,
        updated_at: now,
        version: invoice.version + 1,
      };
    },
    commit: async (changed, read) => {
      const written = await commitItem(db, organizationId, {
        item: [incomingInvoicePart(db, organizationId, changed, read.version)],
        events: [EVENT[decision.kind]],
        object: incomingInvoiceResource(changed, changed.read ?? null, deps.publicBaseUrl),
      });
      return unconditional(written) === RACED ? RACED : changed;
    },
  });
}
