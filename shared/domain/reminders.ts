// Payment reminders (docs/collections.md): an organization's schedule of steps relative to the due
// date, and which step, if any, an invoice is due for on a given day. Pure: the sweep applies it.
import { addDays, dateIn } from '#shared/domain/dates';
import type { Invoice } from '#shared/domain/invoice';
import { OPEN_STATUSES } from '#shared/domain/invoice-lifecycle';
import type { ReminderPolicy, ReminderStep } from '#shared/domain/reminder-policy';

export const stepDate = (dueDate: string, step: ReminderStep) => addDays(dueDate, step.offset_days);

type Reminded = Pick<Invoice, 'due_date'> & {
  /** The calendar day the invoice was first sent, in the organization's time zone. */
  sentOn: string;
  /** The date of the last step sent or passed. */
  remindedThrough?: string;
};

/** An invoice as the schedule reads it, its days in the organization's `timeZone`. */
export const remindedOf = (
  invoice: Pick<Invoice, 'due_date' | 'sent_at' | 'created_at' | 'reminded_through'>,
  timeZone: string,
): Reminded => ({
  due_date: invoice.due_date,
  sentOn: dateIn(timeZone, new Date(invoice.sent_at ?? invoice.created_at)),
  remindedThrough: invoice.reminded_through,
});

/** Steps in date order, each with its 1-based number in the policy. */
const ordered = (policy: ReminderPolicy) =>
  policy.steps
    .map((step, index) => ({ step, number: index + 1 }))
    .sort((a, b) => a.step.offset_days - b.step.offset_days);

/** Steps still ahead of the invoice: after the day it was sent and after the last one handled. */
const ahead = (policy: ReminderPolicy, invoice: Reminded) => {
  const after =
    invoice.remindedThrough && invoice.remindedThrough > invoice.sentOn ? invoice.remindedThrough : invoice.sentOn;
  return policy.enabled ? ordered(policy).filter(({ step }) => stepDate(invoice.due_date, step) > after) : [];
};

/**
 * The step due on `today`: the latest one whose date has come. Earlier ones not sent by then are
 * passed, so an invoice that missed several steps gets one reminder, not a burst.
 */
export function dueStep(policy: ReminderPolicy, invoice: Reminded, today: string) {
  const due = ahead(policy, invoice).filter(({ step }) => stepDate(invoice.due_date, step) <= today);
  const latest = due.at(-1);
  return latest && { ...latest, date: stepDate(invoice.due_date, latest.step) };
}

/** The date the invoice next needs a look, once steps up to `through` are handled; none when no step is left. */
export function nextReminderDate(policy: ReminderPolicy, invoice: Reminded): string | undefined {
  const [next] = ahead(policy, invoice);
  return next && stepDate(invoice.due_date, next.step);
}

/** Why no reminder goes to an invoice now, or undefined when one may. */
export function reminderHeldBack(
  invoice: Pick<Invoice, 'status'> & { reminders_paused?: boolean },
  client: { is_active: boolean; reminders?: 'on' | 'off' } | undefined,
): 'closed' | 'archived' | 'paused' | 'opted_out' | undefined {
  if (!OPEN_STATUSES.includes(invoice.status)) return 'closed';
  if (!client?.is_active) return 'archived';
  if (invoice.reminders_paused) return 'paused';
  if (client.reminders === 'off') return 'opted_out';
  return undefined;
}
