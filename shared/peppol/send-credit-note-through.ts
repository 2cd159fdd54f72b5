// POST /credit-notes/{id}/send/ by the channel asked for, or the organization's `delivery_channel`:
// e-mail as ever, Peppol (shared/peppol/send-credit-note-by-peppol.ts), or `auto`: Peppol where the
// buyer receives credit notes there, else e-mail. The credit note is read once for whichever way it goes.
import { creditNoteWithOrganization } from '#shared/data/credit-notes';
import { notFound } from '#shared/domain/errors';
import type { DeliveryChannel } from '#shared/domain/peppol-sending';
import type { SendDeps } from '#shared/invoicing/mail-invoice';
import { sendCreditNote } from '#shared/invoicing/send-credit-note';
import type { PeppolGateway } from '#shared/peppol/gateway';
import { autoChannel } from '#shared/peppol/reachable-buyer';
import { sendCreditNoteByPeppol } from '#shared/peppol/send-credit-note-by-peppol';

export type CreditNoteSendRequest = { email?: string; force?: boolean; channel?: DeliveryChannel; resend?: boolean };

export async function sendCreditNoteThrough(
  deps: SendDeps & { peppol: PeppolGateway },
  organizationId: string,
  creditNoteId: string,
  request: CreditNoteSendRequest,
) {
  const loaded = await creditNoteWithOrganization(deps.db, organizationId, creditNoteId);
  if (!loaded) throw notFound('Credit note');
  const asked = request.channel ?? loaded.organization.delivery_channel ?? 'email';
  const buyer = loaded.creditNote.buyer?.peppol_id;
  const channel = asked === 'auto' ? await autoChannel(deps, organizationId, buyer, 'credit_note') : asked;
  if (channel === 'peppol') {
    const sent = await sendCreditNoteByPeppol(deps, organizationId, creditNoteId, { resend: request.resend, loaded });
    return { channel, ...sent };
  }
  const creditNote = await sendCreditNote(deps, organizationId, creditNoteId, request.email, {
    force: request.force,
    loaded,
  });
  const { to, sent_at: sentAt } = creditNote.sendings!.at(-1)!;
  return { channel, creditNote, to, sentAt };
}
