// Sending an invoice over Peppol (docs/peppol.md "Sending"): the buyer must be a participant that
// receives invoices and the invoice a valid Peppol document; then a draft is issued as by e-mail, and
// the sending is recorded `queued` with invoice.peppol_queued, whose rule hands it to the Peppol
// worker. Nothing is transmitted inside the request. Asked again, the sending that stands answers,
// unless `resend` asks for another.
import { getClient } from '#shared/data/clients';
import { invoiceWithOrganization } from '#shared/data/invoices';
import { reminderSchedulePart } from '#shared/data/reminders';
import { dateIn } from '#shared/domain/dates';
import { assertEInvoiceReady } from '#shared/domain/e-invoice';
import { notFound, peppolUnreachable } from '#shared/domain/errors';
import type { RateLeg } from '#shared/domain/exchange-rate';
import { newId } from '#shared/domain/ids';
import { assertTaxParties, buyerOf, type Invoice, sellerOf, taxBreakdownOf } from '#shared/domain/invoice';
import { isRefusal, refusalError, send } from '#shared/domain/invoice-lifecycle';
import { timeZoneOf } from '#shared/domain/organization';
import { parsePeppolParticipant, type PeppolParticipant } from '#shared/domain/peppol-participant';
import { PEPPOL_EVENTS, type PeppolSending, peppolSendingResource } from '#shared/domain/peppol-sending';
import { nextReminderDate } from '#shared/domain/reminders';
import { changeInvoice, changed } from '#shared/invoicing/change-invoice';
import type { InvoicingDeps } from '#shared/invoicing/deps';
import { issuingRate } from '#shared/invoicing/exchange-rate-for';
import type { LoadedInvoice } from '#shared/invoicing/send-invoice';
import type { PeppolGateway } from '#shared/peppol/gateway';
import { lookUpParticipant } from '#shared/peppol/look-up-participant';

export type PeppolSendDeps = InvoicingDeps & { peppol: PeppolGateway };

/** The participant the buyer is, checked on the network for the document type. */
export async function reachableBuyer(
  deps: PeppolSendDeps,
  organizationId: string,
  peppolId: string | undefined,
  documentType: 'invoice' | 'credit_note',
): Promise<PeppolParticipant> {
  if (!peppolId) throw peppolUnreachable('The client has no peppol_id: set it to send over Peppol');
  const participant = parsePeppolParticipant(peppolId) as PeppolParticipant;
  const lookup = await lookUpParticipant(deps, organizationId, participant);
  if (!lookup.registered || !lookup.document_types.includes(documentType))
    throw peppolUnreachable(
      lookup.registered
        ? `${peppolId} is on the Peppol network but does not receive ${documentType.replace('_', ' ')}s`
        : `${peppolId} is not registered on the Peppol network`,
      { participant_id: peppolId, registered: lookup.registered, document_types: lookup.document_types },
    );
  return participant;
}

/** The last sending that has not failed: what a repeated request answers. */
export const standingSending = (sendings: readonly PeppolSending[] | undefined) =>
  [...(sendings ?? [])].reverse().find((sending) => sending.status !== 'failed');

export async function sendInvoiceByPeppol(
  deps: PeppolSendDeps,
  organizationId: string,
  invoiceId: string,
  { resend = false, exchangeRate, loaded }: { resend?: boolean; exchangeRate?: RateLeg; loaded?: LoadedInvoice } = {},
  now = new Date(),
): Promise<{ invoice: Invoice; sending: ReturnType<typeof peppolSendingResource>; repeated: boolean }> {
  const found = loaded ?? (await invoiceWithOrganization(deps.db, organizationId, invoiceId));
  if (!found) throw notFound('Invoice');
  const { invoice: stored, organization } = found;
  const next = send(stored.status);
  if (isRefusal(next)) throw refusalError(next);
  const standing = standingSending(stored.peppol_sendings);
  if (standing && !resend) return { invoice: stored, sending: peppolSendingResource(standing), repeated: true };
  const draft = stored.status === 'draft';
  const client = draft ? await getClient(deps.db, organizationId, stored.client_id) : undefined;
  const rate = draft ? await issuingRate(deps.db, organization, stored, exchangeRate) : undefined;
  const issued: Invoice = draft
    ? { ...stored, seller: sellerOf(organization), buyer: client ? buyerOf(client) : stored.buyer, ...rate }
    : stored;
  if (draft) assertTaxParties(issued);
  const receiver = await reachableBuyer(deps, organizationId, issued.buyer?.peppol_id, 'invoice');
  assertEInvoiceReady('peppol', { ...issued, rows: taxBreakdownOf(issued) });
  const sending: PeppolSending = {
    id: newId('snd'),
    channel: 'peppol',
    to: `${receiver.scheme}:${receiver.identifier}`,
    status: 'queued',
    status_at: now.toISOString(),
    queued_at: now.toISOString(),
    transmission_id: null,
    sha256: null,
    reason: null,
  };
  const policy = organization.reminder_policy;
  const firstLook =
    draft &&
    policy &&
    nextReminderDate(policy, { due_date: issued.due_date, sentOn: dateIn(timeZoneOf(organization), now) });
  const result = await changeInvoice(
    deps,
    organizationId,
    invoiceId,
    (current) => {
      const move = send(current.status);
      if (isRefusal(move)) throw refusalError(move);
      const issuing = current.status === 'draft';
      return {
        invoice: {
          ...current,
          ...(issuing ? { seller: issued.seller, buyer: issued.buyer, ...rate, status: 'sent' as const } : {}),
          sent_at: current.sent_at ?? now.toISOString(),
          peppol_sendings: [...(current.peppol_sendings ?? []), sending],
        },
        events: [...(issuing ? (['invoice.sent'] as const) : []), PEPPOL_EVENTS.invoice.queued],
        eventData: { sending: peppolSendingResource(sending) },
        parts: {
          schedule:
            issuing && firstLook ? reminderSchedulePart(deps.db, organizationId, invoiceId, firstLook) : undefined,
        },
      };
    },
    now,
  );
  return {
    invoice: changed(result as Parameters<typeof changed>[0]),
    sending: peppolSendingResource(sending),
    repeated: false,
  };
}
