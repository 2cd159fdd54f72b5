// Sending a credit note over Peppol (docs/peppol.md "Sending"): as an invoice is sent, but a credit
// note is issued when it is made, so the send only queues: the buyer must be a participant that
// receives credit notes and the note a valid Peppol document; the sending is recorded `queued` with
// credit_note.peppol_queued, which hands it to the Peppol worker. Asked again, the sending that
// stands answers, unless `resend` asks for another.
import { creditNoteWithOrganization } from '#shared/data/credit-notes';
import type { CreditNote } from '#shared/domain/credit-note';
import { assertEInvoiceReady } from '#shared/domain/e-invoice';
import { notFound } from '#shared/domain/errors';
import { newId } from '#shared/domain/ids';
import { peppolSendingResource, queuedSending, standingSending } from '#shared/domain/peppol-sending';
import { changeSendings } from '#shared/peppol/peppol-documents';
import { type PeppolSendDeps, reachableBuyer } from '#shared/peppol/reachable-buyer';

export type LoadedCreditNote = Awaited<ReturnType<typeof creditNoteWithOrganization>>;

export async function sendCreditNoteByPeppol(
  deps: PeppolSendDeps,
  organizationId: string,
  creditNoteId: string,
  { resend = false, loaded }: { resend?: boolean; loaded?: LoadedCreditNote } = {},
  now = new Date(),
): Promise<{ creditNote: CreditNote; sending: ReturnType<typeof peppolSendingResource>; repeated: boolean }> {
  const found = loaded ?? (await creditNoteWithOrganization(deps.db, organizationId, creditNoteId));
  if (!found) throw notFound('Credit note');
  const { creditNote } = found;
  const standing = standingSending(creditNote.peppol_sendings);
  if (standing && !resend) return { creditNote, sending: peppolSendingResource(standing), repeated: true };
  const receiver = await reachableBuyer(deps, organizationId, creditNote.buyer?.peppol_id, 'credit_note');
  assertEInvoiceReady('peppol', { ...creditNote, rows: creditNote.tax_breakdown });
  const sending = queuedSending(newId('snd'), `${receiver.scheme}:${receiver.identifier}`, now);
  const sendings = await changeSendings(
    deps,
    organizationId,
    { kind: 'credit_note', id: creditNoteId },
    (current) =>
      // A send racing this one queued first: its sending answers.
      standingSending(current) && !resend
        ? undefined
        : { sendings: [...current, sending], announce: 'queued', sending },
    now,
  );
  const queued = sendings.some((entry) => entry.id === sending.id);
  const answer = queued ? sending : standingSending(sendings)!;
  return {
    creditNote: { ...creditNote, peppol_sendings: sendings },
    sending: peppolSendingResource(answer),
    repeated: !queued,
  };
}
