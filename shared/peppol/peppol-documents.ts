// The two documents that travel over Peppol, invoices and credit notes, as the Peppol work sees them:
// what a sending is drawn from (the document as stored, its seller, its UBL request), and the one
// change it makes to either — its list of sendings, decided on a fresh read and written on the
// condition that it is still as read (shared/data/change.ts), with the status's event.
import { commitItem, existing, RACED, readDecideCommit, unchanged } from '#shared/data/change';
import { creditNotePeppolPart, creditNoteWithOrganization, getCreditNote } from '#shared/data/credit-notes';
import { invoiceWithOrganization } from '#shared/data/invoices';
import type { WriteParts } from '#shared/data/table';
import type { SellerSnapshot } from '#shared/domain/invoice';
import type { Organization } from '#shared/domain/organization';
import {
  PEPPOL_EVENTS,
  type PeppolDocument,
  type PeppolSending,
  type PeppolSendingStatus,
  peppolSendingResource,
} from '#shared/domain/peppol-sending';
import { creditNoteResource } from '#shared/domain/resources/credit-note';
import { logoText, type RenderRequest } from '#shared/documents/render-requests';
import { changeInvoice } from '#shared/invoicing/change-invoice';
import type { InvoicingDeps } from '#shared/invoicing/deps';

/** A stored document as a sending needs it. */
export type HeldDocument = {
  sendings: PeppolSending[];
  seller?: SellerSnapshot;
  organization: Organization;
  /** What the renderer draws as `?format=peppol`: the bytes that are sent. */
  ubl: RenderRequest;
  /** Its printed number, as the archive names it. */
  number: string | null;
};

export async function heldDocument(
  deps: InvoicingDeps,
  organizationId: string,
  document: PeppolDocument,
): Promise<HeldDocument | undefined> {
  const letterhead = { publicBaseUrl: deps.publicBaseUrl };
  if (document.kind === 'invoice') {
    const found = await invoiceWithOrganization(deps.db, organizationId, document.id);
    if (!found) return undefined;
    const { invoice, organization, logo } = found;
    const ubl = { kind: 'invoice-e-invoice', format: 'peppol', invoice, logo: logoText(logo), ...letterhead } as const;
    const number = invoice.invoice_number ?? null;
    return { sendings: invoice.peppol_sendings ?? [], seller: invoice.seller, organization, ubl, number };
  }
  const found = await creditNoteWithOrganization(deps.db, organizationId, document.id);
  if (!found) return undefined;
  const { creditNote, organization, logo } = found;
  const ubl = {
    kind: 'credit-note-e-invoice',
    format: 'peppol',
    creditNote,
    logo: logoText(logo),
    ...letterhead,
  } as const;
  const number = creditNote.credit_note_number ?? null;
  return { sendings: creditNote.peppol_sendings ?? [], seller: creditNote.seller, organization, ubl, number };
}

/** A change of a document's sendings: the list as it is to be, the status whose event it announces, and the sending the event carries. */
export type SendingsDecision<Part extends string = never> = {
  sendings: PeppolSending[];
  announce?: PeppolSendingStatus;
  sending: PeppolSending;
  parts?: WriteParts<Part>;
};

/**
 * Changes a document's sendings as `decide` says (undefined: nothing to write); answers the sendings as
 * they stand afterwards. A part of the decision's own whose condition fails is a fault.
 */
export async function changeSendings<Part extends string = never>(
  deps: InvoicingDeps,
  organizationId: string,
  document: PeppolDocument,
  decide: (sendings: readonly PeppolSending[]) => SendingsDecision<Part> | undefined,
  now = new Date(),
): Promise<PeppolSending[]> {
  const events = (decision: SendingsDecision<Part>) =>
    decision.announce ? [PEPPOL_EVENTS[document.kind][decision.announce]] : [];
  const eventData = (decision: SendingsDecision<Part>) => ({ sending: peppolSendingResource(decision.sending) });
  if (document.kind === 'invoice') {
    const result = await changeInvoice(
      deps,
      organizationId,
      document.id,
      (current) => {
        const decision = decide(current.peppol_sendings ?? []);
        if (!decision) return unchanged(current.peppol_sendings ?? []);
        const invoice = { ...current, peppol_sendings: decision.sendings };
        return { invoice, events: events(decision), eventData: eventData(decision), parts: decision.parts };
      },
      now,
    );
    if (Array.isArray(result)) return result;
    if (!result.ok) throw new Error(`unexpected failed condition: ${result.failed}`);
    return result.invoice.peppol_sendings ?? [];
  }
  return readDecideCommit({
    subject: { resource: 'credit_note', id: document.id },
    read: () => existing(getCreditNote(deps.db, organizationId, document.id), 'Credit note'),
    decide: (current) => decide(current.peppol_sendings ?? []) ?? unchanged(current.peppol_sendings ?? []),
    commit: async (decision, current) => {
      const changed = {
        ...current,
        peppol_sendings: decision.sendings,
        peppol_version: (current.peppol_version ?? 0) + 1,
      };
      const written = await commitItem(
        deps.db,
        organizationId,
        {
          item: [creditNotePeppolPart(deps.db, organizationId, current, changed)],
          events: events(decision),
          object: creditNoteResource(changed, deps.publicBaseUrl),
          more: eventData(decision),
          parts: decision.parts,
        },
        now,
      );
      if (written === RACED) return RACED;
      if (!written.ok) throw new Error(`unexpected failed condition: ${written.failed}`);
      return decision.sendings;
    },
  });
}
