// Recomputes one organization's revenue aggregates from its invoices and payments — the same
// contributions the events add — and reports every bucket that differs from what is stored.
import type { Db } from '#shared/data/table';
import { everyCreditNoteOf, everyInvoiceOf, everyPaymentOf, everyRefundOf } from '#shared/data/organization-scan';
import { getOrganization } from '#shared/data/organizations';
import { readRevenue, replaceRevenue, type Bucket } from '#shared/data/revenue';
import { dateIn } from '#shared/domain/dates';
import type { FixedRate } from '#shared/domain/exchange-rate';
import {
  convertedContributions,
  creditNoteIssued,
  invoiceIssued,
  merged,
  paymentReceived,
  refundPaid,
  REVENUE_FIELDS,
  zeroAmounts,
  type Contribution,
  type RevenueField,
} from '#shared/domain/revenue';
import { timeZoneOf } from '#shared/domain/organization';

/** Every document and movement of money the aggregates count, with the fields they count by. */
const documentsOf = (db: Db, organizationId: string) =>
  Promise.all([
    everyInvoiceOf(db, organizationId, [
      'id',
      'status',
      'sent_at',
      'currency',
      'issue_date',
      'due_date',
      'total_amount_minor',
      'accounting_currency',
      'exchange_rate',
    ]),
    everyPaymentOf(db, organizationId, ['invoice_id', 'currency', 'amount_minor', 'paid_at', 'reversed_at']),
    everyCreditNoteOf(db, organizationId, [
      'currency',
      'issue_date',
      'invoice_issue_date',
      'invoice_due_date',
      'total_amount_minor',
      'accounting_currency',
      'exchange_rate',
    ]),
    everyRefundOf(db, organizationId, ['invoice_id', 'currency', 'amount_minor', 'refunded_at', 'status']),
  ]);

/** The buckets the organization's invoices and payments add up to. */
export async function expectedRevenue(db: Db, organizationId: string): Promise<Bucket[]> {
  const timeZone = timeZoneOf(await getOrganization(db, organizationId));
  const [invoices, payments, creditNotes, refunds] = await documentsOf(db, organizationId);
  const byId = new Map(invoices.map((invoice) => [invoice.id, invoice]));
  // Each document's contributions in its own currency and, at its fixed rate, in its accounting currency.
  const both = (own: Contribution[], document: FixedRate) => [...own, ...convertedContributions(own, document)];
  const contributions: Contribution[] = [
    ...invoices
      .filter((invoice) => invoice.sent_at && invoice.status !== 'void')
      .flatMap((invoice) =>
        both(invoiceIssued({ ...invoice, total_minor: BigInt(invoice.total_amount_minor) }), invoice),
      ),
    // A payment taken back (its `payment.reversed`) adds what its `payment.received` took away: nothing.
    ...payments.flatMap((payment) => {
      const invoice = byId.get(payment.invoice_id);
      return invoice && !payment.reversed_at
        ? both(
            paymentReceived(
              {
                currency: payment.currency,
                paid_date: dateIn(timeZone, new Date(payment.paid_at)),
                amount_minor: BigInt(payment.amount_minor),
              },
              invoice,
            ),
            invoice,
          )
        : [];
    }),
    ...refunds.flatMap((refund) => {
      const invoice = byId.get(refund.invoice_id);
      return invoice && refund.status === 'succeeded'
        ? both(
            refundPaid(
              {
                currency: refund.currency,
                refunded_date: dateIn(timeZone, new Date(refund.refunded_at)),
                amount_minor: BigInt(refund.amount_minor),
              },
              invoice,
            ),
            invoice,
          )
        : [];
    }),
    ...creditNotes.flatMap((creditNote) =>
      both(
        creditNoteIssued({
          currency: creditNote.currency,
          issue_date: creditNote.issue_date,
          invoice: { issue_date: creditNote.invoice_issue_date, due_date: creditNote.invoice_due_date },
          total_minor: BigInt(creditNote.total_amount_minor),
        }),
        creditNote,
      ),
    ),
  ];
  return merged(contributions).map(({ currency, month, amounts }) => ({
    currency,
    month,
    amounts: { ...zeroAmounts(), ...amounts },
  }));
}

export type Difference = { currency: string; month: string; field: RevenueField; stored: bigint; expected: bigint };

export function differences(stored: Bucket[], expected: Bucket[]): Difference[] {
  const key = (bucket: Bucket) => `${bucket.currency}#${bucket.month}`;
  const storedByKey = new Map(stored.map((bucket) => [key(bucket), bucket]));
  const expectedByKey = new Map(expected.map((bucket) => [key(bucket), bucket]));
  const found: Difference[] = [];
  for (const bucketKey of [...new Set([...storedByKey.keys(), ...expectedByKey.keys()])].sort()) {
    const [currency, month] = bucketKey.split('#') as [string, string];
    for (const field of REVENUE_FIELDS) {
      const was = storedByKey.get(bucketKey)?.amounts[field] ?? 0n;
      const should = expectedByKey.get(bucketKey)?.amounts[field] ?? 0n;
      if (was !== should) found.push({ currency, month, field, stored: was, expected: should });
    }
  }
  return found;
}

/** Compares stored and recomputed aggregates; with `apply`, replaces the stored ones by the recomputed. */
export async function rebuildRevenue(
  db: Db,
  organizationId: string,
  options: { apply: boolean },
): Promise<{ buckets: number; differences: Difference[]; applied: boolean }> {
  const [stored, expected] = await Promise.all([readRevenue(db, organizationId), expectedRevenue(db, organizationId)]);
  const found = differences(stored, expected);
  if (options.apply && found.length > 0) await replaceRevenue(db, organizationId, stored, expected);
  return { buckets: expected.length, differences: found, applied: options.apply && found.length > 0 };
}
