// An organization's reminder schedule, as it stores it (the rules that apply it: reminders.ts).

export const MAX_REMINDER_STEPS = 6;
export const MAX_OFFSET_DAYS = 365;

export type ReminderStep = {
  /** Days relative to the due date: negative before it, 0 on it. */
  offset_days: number;
  /** Absent: true. */
  attach_pdf?: boolean;
  /** Attach the e-invoice in the organization's format; absent: false. */
  attach_e_invoice?: boolean;
  /** Charge the late fee the organization's late_fee_policy gives, with this step (docs/collections.md). */
  charge_late_fee?: boolean;
};

export type ReminderPolicy = { enabled: boolean; steps: ReminderStep[] };
