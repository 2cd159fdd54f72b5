// Sending an invoice: check it may be sent, mail it, then record the sending (draft → sent, or a
// reminder by hand) with its event. If SES refuses, nothing is recorded. Issuing a draft also puts
// it on the organization's reminder schedule.
import { getClient } from '#shared/data/clients';
import { invoiceWithOrganization } from '#shared/data/invoices';
import { reminderSchedulePart } from '#shared/data/reminders';
import { dateIn } from '#shared/domain/dates';
import { invalidState, notFound, validationError } from '#shared/domain/errors';
import { assertTaxParties, buyerOf, sellerOf, type Invoice } from '#shared/domain/invoice';
import { isRefusal, refusalError, send } from '#shared/domain/invoice-lifecycle';
import { timeZoneOf, type Organization } from '#shared/domain/organization';
import { nextReminderDate } from '#shared/domain/reminders';
import { mailInvoice, type SendDeps } from '#shared/invoicing/mail-invoice';
import { assertMailable } from '#shared/invoicing/mailable';
import { issuingRate } from '#shared/invoicing/exchange-rate-for';
import { issuingReference } from '#shared/invoicing/issuing-reference';
import type { RateLeg } from '#shared/domain/exchange-rate';
import { recordSending, type SendingRecord } from '#shared/invoicing/record-sending';

export type LoadedInvoice = Awaited<ReturnType<typeof invoiceWithOrganization>>;

function assertSendable(invoice: Invoice): void {
  const next = send(invoice.status);
  if (isRefusal(next)) throw refusalError(next);
}

/** The first look of the reminder schedule at an invoice issued today, if its policy has a step ahead. */
function firstLook(deps: SendDeps, organization: Organization, invoice: Invoice, now: Date) {
  const policy = organization.reminder_policy;
  const sentOn = dateIn(timeZoneOf(organization), now);
  const date = policy && nextReminderDate(policy, { due_date: invoice.due_date, sentOn });
  return date ? reminderSchedulePart(deps.db, organization.id, invoice.id, date) : undefined;
}

/**
 * Sends to `to`, or without it to the client's stored address. `onlyReminder` refuses a draft
 * (POST …/reminders/ reminds; it never issues); `force` mails an address even if it is suppressed.
 */
export async function sendInvoice(
  deps: SendDeps,
  organizationId: string,
  invoiceId: string,
  to?: string,
  {
    onlyReminder = false,
    force = false,
    exchangeRate,
    loaded,
  }: {
    onlyReminder?: boolean;
    force?: boolean;
    exchangeRate?: RateLeg;
    /** The invoice and organization as the caller already read them. */
    loaded?: LoadedInvoice;
  } = {},
) {
  const found = loaded ?? (await invoiceWithOrganization(deps.db, organizationId, invoiceId));
  if (!found) throw notFound('Invoice');
  const { invoice: stored, organization, logo } = found;
  assertSendable(stored);
  const reminder = stored.status !== 'draft';
  if (onlyReminder && !reminder) throw invalidState('A draft invoice is sent, not reminded: send it first');
  // Issuing a draft prints the parties as they are now; a reminder repeats the invoice as issued.
  const client = !reminder || !to ? await getClient(deps.db, organizationId, stored.client_id) : undefined;
  const recipient = to ?? client?.email;
  if (!recipient) throw validationError({ email: 'is required: the client has no e-mail address' });
  await assertMailable(deps.db, organizationId, recipient, force);
  if (reminder && exchangeRate) throw invalidState('The exchange rate was fixed when the invoice was issued');
  // Issuing fixes the rate into the accounting currency (409 exchange_rate_unavailable before anything is sent).
  const rate = reminder ? undefined : await issuingRate(deps.db, organization, stored, exchangeRate);
  const issuedParties = reminder
    ? undefined
    : {
        seller: sellerOf(organization),
        buyer: client ? buyerOf(client) : stored.buyer,
        ...rate,
        ...(await issuingReference(deps.db, organization)),
      };
  if (issuedParties) assertTaxParties({ ...stored, ...issuedParties });
  // The invoice as it goes out: a draft is issued with today's parties and status sent.
  const invoice = { ...stored, ...issuedParties, status: reminder ? stored.status : ('sent' as const) };
  const { messageId, records } = await mailInvoice(deps, { invoice, organization, logo, recipient, reminder });
  const sentAt = new Date().toISOString();
  const sent = { to: recipient, sent_at: sentAt, message_id: messageId };
  const record: SendingRecord = reminder
    ? { reminder: { step: null }, archived: records }
    : { issuedParties, schedule: firstLook(deps, organization, invoice, new Date()), archived: records };
  const updated = await recordSending(deps, organizationId, invoiceId, sent, record);
  return { invoice: updated, sentAt, reminder, to: recipient };
}
