// Random histories of invoices, payments, voids and overdue moves, turned into the events the
// service emits, applied in a random order: every report (monthly, quarterly, yearly, any range)
// equals a brute-force computation over the same history.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateIn } from '#shared/domain/dates';
import { formatMinor } from '#shared/domain/decimal';
import { merged, PERIODS, REVENUE_FIELDS, zeroAmounts, type PeriodKind } from '#shared/domain/revenue';
import type { Bucket } from '#shared/data/revenue';
import { contributionsOf, type RevenueEvent } from '#shared/reports/contributions';
import { buildRevenueReport } from '#shared/reports/report';

const ZONES = ['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Europe/Berlin', 'America/New_York'];
const day = (from: string, to: string) =>
  fc
    .date({ min: new Date(`${from}T00:00:00Z`), max: new Date(`${to}T00:00:00Z`), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
const instant = fc
  .date({ min: new Date('2024-12-01T00:00:00Z'), max: new Date('2027-12-31T23:59:59Z'), noInvalidDate: true })
  .map((d) => d.toISOString());

const invoice = fc
  .record({
    currency: fc.constantFrom('EUR', 'USD'),
    issue_date: day('2025-01-01', '2027-06-30'),
    due_in_days: fc.integer({ min: 0, max: 120 }),
    total_minor: fc.oneof(fc.bigInt({ min: 1n, max: 10_000_000n }), fc.constant(9_999_999_999_999n)),
    fate: fc.constantFrom('draft', 'draft_voided', 'sent', 'sent_voided', 'paid_in_parts'),
    overdue_move: fc.boolean(),
    // Shares of the total and when each was paid (paid_at may even precede the issue date).
    payments: fc.array(fc.record({ share: fc.integer({ min: 1, max: 100 }), paid_at: instant }), { maxLength: 4 }),
  })
  .map((drawn) => {
    const due = new Date(Date.parse(`${drawn.issue_date}T00:00:00Z`) + drawn.due_in_days * 86_400_000)
      .toISOString()
      .slice(0, 10);
    let left = drawn.total_minor;
    const payments =
      drawn.fate === 'paid_in_parts'
        ? drawn.payments.flatMap(({ share, paid_at }) => {
            const amount =
              (drawn.total_minor * BigInt(share)) / 100n > left ? left : (drawn.total_minor * BigInt(share)) / 100n;
            left -= amount;
            return amount > 0n ? [{ amount_minor: amount, paid_at }] : [];
          })
        : [];
    return {
      ...drawn,
      due_date: due,
      payments,
      issued: drawn.fate !== 'draft' && drawn.fate !== 'draft_voided',
      voided: drawn.fate.endsWith('_voided'),
    };
  });
type History = (typeof invoice extends fc.Arbitrary<infer T> ? T : never)[];

/** The events the service emits for the history, as the aggregator receives them. */
function eventsOf(history: History): RevenueEvent[] {
  return history.flatMap((inv) => {
    const object = (sent: boolean) => ({
      currency: inv.currency,
      issue_date: inv.issue_date,
      due_date: inv.due_date,
      total_amount: formatMinor(inv.total_minor),
      sent_at: sent ? '2025-01-01T00:00:00.000Z' : null,
    });
    const events: RevenueEvent[] = [{ type: 'invoice.created', data: { object: object(false) } }];
    if (inv.issued)
      events.push(
        { type: 'invoice.sent', data: { object: object(true) } },
        { type: 'invoice.reminder_sent', data: { object: object(true) } },
      );
    if (inv.issued && inv.overdue_move) events.push({ type: 'invoice.overdue', data: { object: object(true) } });
    for (const payment of inv.payments) {
      events.push({
        type: 'payment.received',
        data: {
          object: object(true),
          payment: { currency: inv.currency, amount: formatMinor(payment.amount_minor), paid_at: payment.paid_at },
        },
      });
    }
    if (inv.voided) events.push({ type: 'invoice.voided', data: { object: object(inv.issued) } });
    return events;
  });
}

function bucketsFrom(events: RevenueEvent[], timeZone: string): Bucket[] {
  return merged(events.flatMap((event) => contributionsOf(event, timeZone))).map(({ currency, month, amounts }) => ({
    currency,
    month,
    amounts: { ...zeroAmounts(), ...amounts },
  }));
}

/** Calendar periods walked month by month, independently of the code under test. */
function periodsOf(kind: PeriodKind, start: string, end: string) {
  const size = { monthly: 1, quarterly: 3, yearly: 12 }[kind];
  let year = Number(start.slice(0, 4));
  let month = Number(start.slice(5, 7)) - 1;
  month -= month % size;
  const periods: { start: string; end: string }[] = [];
  for (;;) {
    const first = new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
    if (first > end) return periods;
    periods.push({ start: first, end: new Date(Date.UTC(year, month + size, 0)).toISOString().slice(0, 10) });
    month += size;
    if (month >= 12) {
      year += 1;
      month -= 12;
    }
  }
}

function bruteForce(history: History, timeZone: string, kind: PeriodKind, start: string, end: string) {
  const counted = history.filter((inv) => inv.issued && !inv.voided);
  const rows: Record<string, string | number>[] = [];
  for (const period of periodsOf(kind, start, end)) {
    for (const currency of ['EUR', 'USD']) {
      const mine = counted.filter((inv) => inv.currency === currency);
      const paidBy = (inv: History[number], date: string) =>
        inv.payments
          .filter((p) => dateIn(timeZone, new Date(p.paid_at)) <= date)
          .reduce((sum, p) => sum + p.amount_minor, 0n);
      const inPeriod = (date: string) => date >= period.start && date <= period.end;
      const issuedIn = mine.filter((inv) => inPeriod(inv.issue_date));
      const payments = mine
        .flatMap((inv) => inv.payments)
        .filter((p) => inPeriod(dateIn(timeZone, new Date(p.paid_at))));
      const open = mine.filter((inv) => inv.issue_date <= period.end);
      rows.push({
        period_start: period.start,
        period_end: period.end,
        currency,
        invoiced: formatMinor(issuedIn.reduce((sum, inv) => sum + inv.total_minor, 0n)),
        collected: formatMinor(payments.reduce((sum, p) => sum + p.amount_minor, 0n)),
        outstanding: formatMinor(open.reduce((sum, inv) => sum + inv.total_minor - paidBy(inv, period.end), 0n)),
        overdue: formatMinor(
          open
            .filter((inv) => inv.due_date <= period.end)
            .reduce((sum, inv) => sum + inv.total_minor - paidBy(inv, period.end), 0n),
        ),
        invoice_count: issuedIn.length,
        payment_count: payments.length,
      });
    }
  }
  return rows;
}

const nonZero = (row: Record<string, string | number>) =>
  ['invoiced', 'collected', 'outstanding', 'overdue', 'invoice_count', 'payment_count'].some(
    (field) => Number(row[field]) !== 0,
  );
const shown = (report: ReturnType<typeof buildRevenueReport>) =>
  report.rows.map((row) => ({
    period_start: row.period.start,
    period_end: row.period.end,
    currency: row.currency,
    invoiced: formatMinor(row.invoiced),
    collected: formatMinor(row.collected),
    outstanding: formatMinor(row.outstanding),
    overdue: formatMinor(row.overdue),
    invoice_count: Number(row.invoice_count),
    payment_count: Number(row.payment_count),
  }));

describe('revenue reports', () => {
  it('equal a brute-force computation over the same history, for every period kind, events in any order', () => {
    fc.assert(
      fc.property(
        fc.array(invoice, { maxLength: 25 }),
        fc.constantFrom(...ZONES),
        fc.constantFrom(...PERIODS),
        day('2024-06-01', '2027-12-31'),
        day('2024-06-01', '2027-12-31'),
        fc.infiniteStream(fc.double({ noNaN: true })),
        (history, timeZone, kind, a, b, order) => {
          const [start, end] = a <= b ? [a, b] : [b, a];
          const events = eventsOf(history)
            .map((event) => [event, order.next().value] as const)
            .sort((x, y) => x[1] - y[1])
            .map(([event]) => event);
          const report = buildRevenueReport(
            bucketsFrom(events, timeZone),
            { period: kind, start_date: start, end_date: end },
            '2030-01-01',
          );
          expect(shown(report).filter(nonZero)).toEqual(
            bruteForce(history, timeZone, kind, start, end).filter(nonZero),
          );
          const periods = periodsOf(kind, start, end);
          expect([report.startDate, report.endDate]).toEqual([periods[0]!.start, periods.at(-1)!.end]);
          for (const currency of new Set(report.rows.map((row) => row.currency))) {
            expect(report.rows.filter((row) => row.currency === currency).map((row) => row.period.start)).toEqual(
              periods.map((period) => period.start),
            );
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('total each currency: flows added up, balances as at the end of the range', () => {
    fc.assert(
      fc.property(fc.array(invoice, { minLength: 1, maxLength: 15 }), fc.constantFrom(...PERIODS), (history, kind) => {
        const report = buildRevenueReport(
          bucketsFrom(eventsOf(history), 'UTC'),
          { period: kind, start_date: '2025-01-01', end_date: '2027-12-31' },
          '2030-01-01',
        );
        for (const total of report.totals) {
          const rows = report.rows.filter((row) => row.currency === total.currency);
          for (const field of ['invoiced', 'collected', 'invoice_count', 'payment_count'] as const)
            expect(total[field]).toBe(rows.reduce((sum, row) => sum + row[field], 0n));
          expect([total.outstanding, total.overdue]).toEqual([rows.at(-1)!.outstanding, rows.at(-1)!.overdue]);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('refuses a range that ends before it starts or spans more than ten years', () => {
    expect(() =>
      buildRevenueReport([], { period: 'monthly', start_date: '2026-05-01', end_date: '2026-04-30' }, '2026-06-01'),
    ).toThrow();
    expect(() =>
      buildRevenueReport([], { period: 'yearly', start_date: '2016-01-01', end_date: '2026-01-01' }, '2026-06-01'),
    ).toThrow();
    expect(
      buildRevenueReport([], { period: 'yearly', start_date: '2017-01-01', end_date: '2026-12-31' }, '2026-06-01')
        .endDate,
    ).toBe('2026-12-31');
    expect(REVENUE_FIELDS).toContain('settled_after_due');
  });
});
