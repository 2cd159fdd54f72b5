// One look of the reminder sweep at one invoice (docs/collections.md): send the schedule's step that
// has come, at most once, or pass it when reminders are held back, and book the next look.
import { getClient } from '#shared/data/clients';
import { invoiceWithOrganization } from '#shared/data/invoices';
import { claimReminder, reminderSchedulePart } from '#shared/data/reminders';
import { unchanged } from '#shared/data/change';
import { transact } from '#shared/data/table';
import { dateIn } from '#shared/domain/dates';
import { timeZoneOf } from '#shared/domain/organization';
import type { ReminderPolicy } from '#shared/domain/reminder-policy';
import { dueStep, nextReminderDate, reminderHeldBack, remindedOf } from '#shared/domain/reminders';
import { changed, changeInvoice } from '#shared/invoicing/change-invoice';
import { chargeLateFee } from '#shared/invoicing/charge-late-fee';
import { DomainError, ErrorCode } from '#shared/domain/errors';
import { mailInvoice, type SendDeps } from '#shared/invoicing/mail-invoice';
import { recordSending } from '#shared/invoicing/record-sending';
import { suppressionOf } from '#shared/invoicing/mailable';

export type ReminderOutcome = 'sent' | 'passed' | 'not_yet' | 'ended' | 'taken' | 'unknown' | 'suppressed';

/** A claim older than this whose reminder was never recorded: its sweep stopped mid-way. */
const CLAIM_LEASE_MS = 15 * 60_000;

export async function remindInvoice(
  deps: SendDeps,
  organizationId: string,
  invoiceId: string,
  now = new Date(),
): Promise<ReminderOutcome> {
  const { db } = deps;
  const end = () => transact(db, { schedule: reminderSchedulePart(db, organizationId, invoiceId) });
  const found = await invoiceWithOrganization(db, organizationId, invoiceId);
  const policy = found?.organization.reminder_policy;
  if (!found || !policy?.enabled) return end().then(() => 'ended');
  const { invoice, organization, logo } = found;
  const client = await getClient(db, organizationId, invoice.client_id);
  const held = reminderHeldBack(invoice, client);
  if (held === 'closed' || held === 'archived') return end().then(() => 'ended');
  const reminded = remindedOf(invoice, timeZoneOf(organization));
  const step = dueStep(policy, reminded, dateIn(timeZoneOf(organization), now));
  if (!step) {
    const next = nextReminderDate(policy, reminded);
    await transact(db, { schedule: reminderSchedulePart(db, organizationId, invoiceId, next) });
    return 'not_yet';
  }
  const after = { ...reminded, remindedThrough: step.date };
  const schedule = reminderSchedulePart(db, organizationId, invoiceId, nextReminderDate(policy, after));
  if (held) return pass(deps, organizationId, invoiceId, step.date, schedule).then(() => 'passed');
  const recipient = client!.email;
  // An address that bounced hard or complained gets no reminder; the list shows the step as suppressed.
  if (await suppressionOf(db, organizationId, recipient)) {
    const unsent = { step: step.number, policy, to: recipient, status: 'suppressed' as const };
    return pass(deps, organizationId, invoiceId, step.date, schedule, unsent).then(() => 'suppressed');
  }
  const claim = await claimReminder(db, organizationId, invoiceId, step.date, now);
  if (claim !== true) {
    // Claimed by a sweep running now, or by one that stopped after mailing: that one is never sent twice.
    if (now.getTime() - Date.parse(claim.claimedAt) < CLAIM_LEASE_MS) return 'taken';
    const unrecorded = { step: step.number, policy, to: recipient, status: 'unknown' as const };
    await pass(deps, organizationId, invoiceId, step.date, schedule, unrecorded);
    return 'unknown';
  }
  const attach = { pdf: step.step.attach_pdf ?? true, eInvoice: step.step.attach_e_invoice ?? false };
  const mailing = { invoice, organization, logo, recipient, reminder: true, attach };
  const { messageId, records } = await mailInvoice(deps, mailing, now);
  const sending = { to: recipient, sent_at: new Date().toISOString(), message_id: messageId };
  const reminder = { step: step.number, offset_days: step.step.offset_days, stepDate: step.date };
  await recordSending(deps, organizationId, invoiceId, sending, { reminder, schedule, archived: records });
  if (step.step.charge_late_fee) await lateFeeWith(deps, organizationId, invoiceId, now);
  return 'sent';
}

/** The step's late fee; one owing nothing (paid on time, charged already today) is no charge. */
async function lateFeeWith(deps: SendDeps, organizationId: string, invoiceId: string, now: Date) {
  try {
    await chargeLateFee(deps, organizationId, invoiceId, undefined, now);
  } catch (error) {
    if (!(error instanceof DomainError && error.code === ErrorCode.invalidState)) throw error;
  }
}

/** Moves the invoice past a step it was not sent (held back, suppressed), or whose e-mail nobody recorded. */
async function pass(
  deps: SendDeps,
  organizationId: string,
  invoiceId: string,
  stepDate: string,
  schedule: ReturnType<typeof reminderSchedulePart>,
  unrecorded?: { step: number; policy: ReminderPolicy; to: string; status: 'unknown' | 'suppressed' },
) {
  const result = await changeInvoice(deps, organizationId, invoiceId, (current) => {
    // Another sweep passed it meanwhile: once is enough.
    if (current.reminded_through && current.reminded_through >= stepDate) return unchanged(undefined);
    const step = unrecorded?.policy.steps[unrecorded.step - 1];
    const entry = unrecorded && {
      step: unrecorded.step,
      ...(step ? { offset_days: step.offset_days } : {}),
      sent_at: new Date().toISOString(),
      to: unrecorded.to,
      delivery_status: unrecorded.status,
    };
    return {
      invoice: {
        ...current,
        reminded_through: stepDate,
        ...(entry ? { reminders: [...(current.reminders ?? []), entry] } : {}),
      },
      events: [],
      parts: { schedule },
    };
  });
  if (result) changed(result as Parameters<typeof changed>[0]);
}
