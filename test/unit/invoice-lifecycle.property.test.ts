// The status machine under random sequences of actions: money is never over-collected nor
// over-credited, paid and credited mean settled, void keeps no money, and each settlement happens once.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amountDue,
  amountRefundable,
  becomeOverdue,
  credit,
  isRefusal,
  pay,
  send,
  voidInvoice,
} from '#shared/domain/invoice-lifecycle';
import type { InvoiceStatus } from '#shared/domain/invoice';

type State = {
  status: InvoiceStatus;
  total_minor: number;
  paid_minor: number;
  credited_minor: number;
  due_date: string;
  settlements: number;
};
const action = fc.oneof(
  fc.constant({ kind: 'send' as const }),
  fc.constant({ kind: 'void' as const }),
  fc.record({ kind: fc.constant('pay' as const), amount: fc.integer({ min: -5, max: 20_000 }) }),
  fc.record({ kind: fc.constant('credit' as const), amount: fc.integer({ min: -5, max: 20_000 }) }),
  fc.record({ kind: fc.constant('sweep' as const), today: fc.constantFrom('2026-01-01', '2026-06-01', '2027-01-01') }),
);

function apply(state: State, step: { kind: string; amount?: number; today?: string }): State {
  if (step.kind === 'send') {
    const next = send(state.status);
    return isRefusal(next) ? state : { ...state, status: next.status };
  }
  if (step.kind === 'void') {
    const next = voidInvoice(state);
    return isRefusal(next) ? state : { ...state, status: next.status };
  }
  if (step.kind === 'pay') {
    const next = pay(state, step.amount!);
    return isRefusal(next)
      ? state
      : {
          ...state,
          status: next.status,
          paid_minor: next.paid_minor,
          settlements: state.settlements + (next.settled ? 1 : 0),
        };
  }
  if (step.kind === 'credit') {
    const next = credit(state, step.amount!);
    return isRefusal(next)
      ? state
      : {
          ...state,
          status: next.status,
          credited_minor: next.credited_minor,
          settlements: state.settlements + (next.settled ? 1 : 0),
        };
  }
  const next = becomeOverdue(state, step.today!);
  return isRefusal(next) ? state : { ...state, status: next.status };
}

describe('invoice status machine', () => {
  it('keeps its invariants under any sequence of actions', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50_000 }), fc.array(action, { maxLength: 40 }), (total, steps) => {
        let state: State = {
          status: 'draft',
          total_minor: total,
          paid_minor: 0,
          credited_minor: 0,
          due_date: '2026-03-01',
          settlements: 0,
        };
        for (const step of steps) {
          const before = state;
          state = apply(state, step);
          expect(state.paid_minor).toBeGreaterThanOrEqual(before.paid_minor);
          expect(state.credited_minor).toBeGreaterThanOrEqual(before.credited_minor);
          // Payments never exceed what is left after credits; credits never exceed the total.
          expect(state.paid_minor - before.paid_minor).toBeLessThanOrEqual(amountDue(before));
          expect(state.credited_minor).toBeLessThanOrEqual(state.total_minor);
          if (before.status === 'void') expect(state).toEqual(before);
          // Once settled, only more credit can come (making money refundable); the status stays.
          if (before.status === 'paid' || before.status === 'credited') {
            expect(state.status).toBe(before.status);
            expect(state.paid_minor).toBe(before.paid_minor);
          }
        }
        const settled = state.status === 'paid' || state.status === 'credited';
        if (state.status !== 'draft' && state.status !== 'void') expect(amountDue(state) === 0).toBe(settled);
        expect(state.settlements).toBe(settled ? 1 : 0);
        if (amountRefundable(state) > 0) expect(settled).toBe(true);
        if (state.status === 'void' || state.status === 'draft') {
          expect(state.paid_minor).toBe(0);
          expect(state.credited_minor).toBe(0);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses what the lifecycle does not allow', () => {
    expect(isRefusal(send('void'))).toBe(true);
    expect(isRefusal(send('paid'))).toBe(true);
    expect(send('overdue')).toEqual({ status: 'overdue', reminder: true });
    expect(isRefusal(pay({ status: 'draft', total_minor: 100, paid_minor: 0 }, 100))).toBe(true);
    expect(isRefusal(pay({ status: 'sent', total_minor: 100, paid_minor: 40 }, 61))).toBe(true);
    expect(pay({ status: 'overdue', total_minor: 100, paid_minor: 40 }, 10)).toEqual({
      status: 'overdue',
      paid_minor: 50,
      settled: false,
    });
    expect(isRefusal(voidInvoice({ status: 'partially_paid', paid_minor: 10 }))).toBe(true);
    expect(isRefusal(becomeOverdue({ status: 'sent', due_date: '2026-03-01' }, '2026-03-01'))).toBe(true);
    expect(becomeOverdue({ status: 'sent', due_date: '2026-03-01' }, '2026-03-02')).toEqual({ status: 'overdue' });
  });
});
