// What the mail service reported about one e-mail, recorded on its document: the sending's (and
// reminder's) status, the webhook event of a delivery, bounce or complaint, and the suppression of
// an address that bounced hard or complained — all in one transaction. Reports may come twice or out
// of order: a status only moves forward (shared/domain/email-delivery.ts), so repeats change nothing.
import { getCreditNote, creditNoteDeliveryPart } from '#shared/data/credit-notes';
import { suppressionPart } from '#shared/data/email-suppressions';
import { commitItem, RACED, readDecideCommit, unchanged, unconditional } from '#shared/data/change';
import type { CreditNoteSending } from '#shared/domain/credit-note';
import {
  announcedAs,
  reportsOn,
  suppressionReason,
  withReport,
  type Delivered,
  type DeliveryReport,
  type EmailSuppression,
} from '#shared/domain/email-delivery';
import { DomainError, ErrorCode } from '#shared/domain/errors';
import type { EventType } from '#shared/domain/events';
import type { Invoice } from '#shared/domain/invoice';
import type { Quote } from '#shared/domain/quote';
import { creditNoteResource } from '#shared/domain/resources/credit-note';
import { sendingResource } from '#shared/domain/resources/email';
import type { MailAbout } from '#shared/email/ses-events';
import { changeInvoice } from '#shared/invoicing/change-invoice';
import { changeQuote } from '#shared/quotes/change-quote';
import type { InvoicingDeps } from '#shared/invoicing/deps';

/** `not_recorded_yet`: no sending of the document has that message id (yet: the report outran the record). */
export type StatusOutcome = 'recorded' | 'unchanged' | 'not_recorded_yet' | 'no_document';

/** Applies each report in turn; the outcome of the last one that was not a repeat. */
export async function recordEmailStatus(
  deps: InvoicingDeps,
  about: MailAbout,
  reports: DeliveryReport[],
  now = new Date(),
): Promise<StatusOutcome> {
  let outcome: StatusOutcome = 'unchanged';
  // Invitation e-mails are sent through the same configuration set, but nothing records their delivery.
  if (about.document.kind === 'invitation') return 'no_document';
  const record = { invoice: onInvoice, credit_note: onCreditNote, quote: onQuote }[about.document.kind];
  for (const report of reports) {
    const one = await record(deps, about, report, now);
    if (one !== 'unchanged') outcome = one;
  }
  return outcome;
}

const emailOf = (entry: Delivered & { sent_at: string }, report: DeliveryReport) =>
  sendingResource({ ...entry, message_id: report.messageId });

/** The suppression a report causes, as a part of its transaction. */
function suppressions(deps: InvoicingDeps, about: MailAbout, report: DeliveryReport, now: Date) {
  const reason = suppressionReason(report);
  if (!reason) return [];
  const suppression = {
    address: report.recipient,
    reason,
    created_at: now.toISOString(),
    message_id: report.messageId,
    document: about.document as EmailSuppression['document'],
  };
  return [suppressionPart(deps.db, about.organizationId, suppression)];
}

async function onInvoice(deps: InvoicingDeps, about: MailAbout, report: DeliveryReport, now: Date) {
  const decide = (current: Invoice) => {
    const sendings = current.sendings ?? [];
    const reminders = current.reminders ?? [];
    if (![...sendings, ...reminders].some((entry) => reportsOn(entry, report))) return NOT_RECORDED;
    const sending = sendings.find((entry) => reportsOn(entry, report));
    const changedSending = sending && withReport(sending, report);
    const changedReminders = reminders.map((entry) => withReport(entry, report) ?? entry);
    if (!changedSending && changedReminders.every((entry, index) => entry === reminders[index])) return UNCHANGED;
    const announced = announcedAs(report.status);
    const reported = changedSending ?? changedReminders.find((entry) => reportsOn(entry, report))!;
    return {
      invoice: {
        ...current,
        sendings: sendings.map((entry) => (entry === sending ? (changedSending ?? entry) : entry)),
        ...(current.reminders ? { reminders: changedReminders } : {}),
      },
      events: announced ? [`invoice.${announced}` as EventType] : [],
      eventData: { email: emailOf(reported, report) },
      parts: { suppression: suppressions(deps, about, report, now) },
    };
  };
  return outcomeOf(changeInvoice(deps, about.organizationId, about.document.id, decide, now));
}

async function onQuote(deps: InvoicingDeps, about: MailAbout, report: DeliveryReport, now: Date) {
  const decide = (current: Quote) => {
    const sendings = current.sendings ?? [];
    const sending = sendings.find((entry) => reportsOn(entry, report));
    if (!sending) return NOT_RECORDED;
    const changed = withReport(sending, report);
    if (!changed) return UNCHANGED;
    const announced = announcedAs(report.status);
    return {
      quote: { ...current, sendings: sendings.map((entry) => (entry === sending ? changed : entry)) },
      events: announced ? [`quote.${announced}` as EventType] : [],
      eventData: { email: emailOf(changed, report) },
      parts: { suppression: suppressions(deps, about, report, now) },
      bookkeeping: true,
    };
  };
  return outcomeOf(changeQuote(deps, about.organizationId, about.document.id, decide, now));
}

/** A credit note has no version: its sending is rewritten only while it is as read, or read again. */
async function onCreditNote(deps: InvoicingDeps, about: MailAbout, report: DeliveryReport, now: Date) {
  const { db, publicBaseUrl } = deps;
  const { organizationId } = about;
  return readDecideCommit({
    subject: { resource: 'credit_note', id: about.document.id },
    read: () => getCreditNote(db, organizationId, about.document.id),
    decide: (current) => {
      if (!current) return unchanged('no_document' as const);
      const sendings = current.sendings ?? [];
      const index = sendings.findIndex((entry) => reportsOn(entry, report));
      if (index < 0) return NOT_RECORDED;
      const before = sendings[index]!;
      const after: CreditNoteSending | undefined = withReport(before, report);
      if (!after) return UNCHANGED;
      const changed = { ...current, sendings: sendings.map((entry, at) => (at === index ? after : entry)) };
      return { current, index, before, after, object: creditNoteResource(changed, publicBaseUrl) };
    },
    commit: async ({ current, index, before, after, object }) => {
      const announced = announcedAs(report.status);
      const written = unconditional(
        await commitItem(
          db,
          organizationId,
          {
            item: [creditNoteDeliveryPart(db, organizationId, current.id, index, before, after)],
            events: announced ? [`credit_note.${announced}` as EventType] : [],
            object,
            more: { email: emailOf(after, report) },
            parts: { suppression: suppressions(deps, about, report, now) },
          },
          now,
        ),
      );
      return written === RACED ? RACED : ('recorded' as const);
    },
  });
}

const UNCHANGED = unchanged('unchanged' as const);
const NOT_RECORDED = unchanged('not_recorded_yet' as const);

/** What a change to a document answered: its written document is `recorded`; a missing one is `no_document`. */
async function outcomeOf(change: Promise<object | StatusOutcome>): Promise<StatusOutcome> {
  try {
    const outcome = await change;
    return typeof outcome === 'string' ? outcome : 'recorded';
  } catch (error) {
    if (error instanceof DomainError && error.code === ErrorCode.notFound) return 'no_document';
    throw error;
  }
}
