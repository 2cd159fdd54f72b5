// Which reminder step an invoice is due for, by shared/domain/reminders.ts.
import { describe, expect, it } from 'vitest';
import { dueStep, nextReminderDate, reminderHeldBack } from '#shared/domain/reminders';

const policy = { enabled: true, steps: [{ offset_days: 7 }, { offset_days: -3 }, { offset_days: 0 }] };
const invoice = { due_date: '2026-03-10', sentOn: '2026-03-01' };

describe('the reminder schedule', () => {
  it('gives the latest step that has come, numbered as the policy lists it, never one before the sending', () => {
    expect(dueStep(policy, invoice, '2026-03-06')).toBeUndefined();
    expect(dueStep(policy, invoice, '2026-03-07')).toMatchObject({ number: 2, date: '2026-03-07' });
    expect(dueStep(policy, invoice, '2026-03-20')).toMatchObject({ number: 1, date: '2026-03-17' });
    expect(dueStep(policy, { ...invoice, sentOn: '2026-03-08' }, '2026-03-09')).toBeUndefined();
    expect(dueStep({ ...policy, enabled: false }, invoice, '2026-03-20')).toBeUndefined();
  });

  it('looks next at the first step after the last one handled, and at none when all are', () => {
    expect(nextReminderDate(policy, invoice)).toBe('2026-03-07');
    expect(nextReminderDate(policy, { ...invoice, remindedThrough: '2026-03-07' })).toBe('2026-03-10');
    expect(nextReminderDate(policy, { ...invoice, remindedThrough: '2026-03-17' })).toBeUndefined();
  });

  it('holds reminders back from closed invoices, archived clients, paused invoices and clients that opted out', () => {
    const active = { is_active: true };
    expect(reminderHeldBack({ status: 'overdue' }, active)).toBeUndefined();
    expect(reminderHeldBack({ status: 'paid' }, active)).toBe('closed');
    expect(reminderHeldBack({ status: 'credited' }, active)).toBe('closed');
    expect(reminderHeldBack({ status: 'sent' }, { is_active: false })).toBe('archived');
    expect(reminderHeldBack({ status: 'sent', reminders_paused: true }, active)).toBe('paused');
    expect(reminderHeldBack({ status: 'sent' }, { ...active, reminders: 'off' })).toBe('opted_out');
  });
});
