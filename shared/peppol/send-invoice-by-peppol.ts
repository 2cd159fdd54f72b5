// Sending an invoice over Peppol (docs/peppol.md "Sending"): the buyer must be a participant that
// receives invoices and the invoice a valid Peppol document; then a draft is issued as by e-mail, and
// the sending is recorded `queued` with invoice.peppol_queued, whose rule hands it to the Peppol
// worker. Nothing is transmitted inside the request. Asked again, the sending that stands answers,
// unless `resend` asks for another.
import { getClient } from '#shared/data/clients';
import { unchanged } from '#shared/data/change';
import { invoiceWithOrganization } from '#shared/data/invoices';
import { reminderSchedulePart } from '#shared/data/reminders';
import { dateIn } from '#shared/domain/dates';
import { assertEInvoiceReady } from '#shared/domain/e-invoice';
import { notFound } from '#shared/domain/errors';
import type { RateLeg } from '#shared/domain/exchange-rate';
import { newId } from '#shared/domain/ids';
import { assertTaxParties, buyerOf, type Invoice, sellerOf, taxBreakdownOf } from '#shared/domain/invoice';
import { isRefusal, refusalError, send } from '#shared/domain/invoice-lifecycle';
import { timeZoneOf } from '#shared/domain/organization';
import { PEPPOL_EVENTS, peppolSendingResource, queuedSending, standingSending } from '#shared/domain/peppol-sending';
import { nextReminderDate } from '#shared/domain/reminders';
import { changeInvoice } from '#shared/invoicing/change-invoice';
import { type DocumentFileDeps, issuedFiles } from '#shared/archive/document-file';
import { recordParts } from '#shared/archive/keep-file';
import { issuingRate } from '#shared/invoicing/exchange-rate-for';
import { issuingReference, referenceHolding } from '#shared/invoicing/issuing-reference';
import type { LoadedInvoice } from '#shared/invoicing/send-invoice';
import { type PeppolSendDeps, reachableBuyer } from '#shared/peppol/reachable-buyer';

export async function sendInvoiceByPeppol(
  deps: PeppolSendDeps & DocumentFileDeps,
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
  const reference = draft ? await issuingReference(deps.db, organization) : undefined;
  const issued: Invoice = draft
    ? {
        ...stored,
        seller: sellerOf(organization),
        buyer: client ? buyerOf(client) : stored.buyer,
        ...rate,
        ...reference,
      }
    : stored;
  if (draft) assertTaxParties(issued);
  const receiver = await reachableBuyer(deps, organizationId, issued.buyer?.peppol_id, 'invoice');
  assertEInvoiceReady('peppol', { ...issued, rows: taxBreakdownOf(issued) });
  const sending = queuedSending(newId('snd'), `${receiver.scheme}:${receiver.identifier}`, now);
  // Issuing archives the invoice as issued first (docs/archive.md): its records commit with the issue.
  const archived = draft
    ? (await issuedFiles(deps, { invoice: { ...issued, status: 'sent' }, organization, logo: found.logo }, now)).records
    : [];
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
      // A send racing this one queued first: its sending answers.
      const raced = standingSending(current.peppol_sendings);
      if (raced && !resend) return unchanged({ invoice: current, sending: raced });
      const issuing = current.status === 'draft';
      return {
        invoice: {
          ...current,
          ...(issuing
            ? { seller: issued.seller, buyer: issued.buyer, ...rate, ...reference, status: 'sent' as const }
            : {}),
          sent_at: current.sent_at ?? now.toISOString(),
          peppol_sendings: [...(current.peppol_sendings ?? []), sending],
        },
        events: [...(issuing ? (['invoice.sent'] as const) : []), PEPPOL_EVENTS.invoice.queued],
        eventData: { sending: peppolSendingResource(sending) },
        parts: {
          schedule:
            issuing && firstLook ? reminderSchedulePart(deps.db, organizationId, invoiceId, firstLook) : undefined,
          archive: issuing ? recordParts(deps, organizationId, archived) : undefined,
          reference: issuing ? referenceHolding(deps.db, organizationId, invoiceId, reference) : undefined,
        },
      };
    },
    now,
  );
  if ('sending' in result) return { ...result, sending: peppolSendingResource(result.sending), repeated: true };
  if (!result.ok) throw new Error(`unexpected failed condition: ${result.failed}`);
  return { invoice: result.invoice, sending: peppolSendingResource(sending), repeated: false };
}
