// A late fee (docs/collections.md "Late fees"): interest and the fixed compensation for a late
// invoice, issued as an invoice of its own that refers to the original, which is never changed
// beyond the day it was charged through.
import { RACED, readDecideCommit } from '#shared/data/change';
import { getClient } from '#shared/data/clients';
import { creditNotesOfInvoice } from '#shared/data/credit-notes';
import { invoiceWithOrganization, lateFeeChargedPart } from '#shared/data/invoices';
import { keptPayments } from '#shared/data/payments';
import { dateIn } from '#shared/domain/dates';
import { formatMinor, parseDecimal, toMinor } from '#shared/domain/decimal';
import { invalidState, notFound, validationError } from '#shared/domain/errors';
import type { Invoice, LineItemInput } from '#shared/domain/invoice';
import { lateInterest, wasLate, type InterestRow, type Settlement } from '#shared/domain/late-fee';
import type { LateFeePolicy } from '#shared/domain/late-fee-policy';
import { timeZoneOf } from '#shared/domain/organization';
import { createInvoice, originRaced } from '#shared/invoicing/create-invoice';
import { lineWordsFor } from '#shared/documents/line-words';
import type { InvoicingDeps } from '#shared/invoicing/deps';

export type LateFee = {
  invoice: Invoice;
  breakdown: { as_of: string; rows: InterestRow[]; interest_minor: number; compensation_minor: number };
};

const NOT_SUBJECT = 'Late-payment interest and compensation are not consideration for a supply';

/** A charge line taxed as the policy says (out of scope of VAT unless configured otherwise). */
function chargeLine(description: string, amountMinor: number, policy: LateFeePolicy): LineItemInput {
  const category = policy.tax_category ?? 'O';
  return {
    description,
    quantity: parseDecimal('1')!,
    unitPrice: parseDecimal(formatMinor(amountMinor))!,
    taxCategory: category,
    taxRate: parseDecimal(category === 'S' ? (policy.tax_rate ?? '0') : '0')!,
    ...(category === 'S' ? {} : { taxExemptionReason: NOT_SUBJECT }),
  };
}

/** Everything a charge rests on, read again when the original changed before the fee was written. */
async function chargeable(deps: InvoicingDeps, organizationId: string, invoiceId: string) {
  const { db } = deps;
  const found = await invoiceWithOrganization(db, organizationId, invoiceId);
  if (!found) throw notFound('Invoice');
  const { invoice } = found;
  const [client, payments, creditNotes] = await Promise.all([
    getClient(db, organizationId, invoice.client_id),
    keptPayments(db, organizationId, invoice.id),
    creditNotesOfInvoice(db, organizationId, invoice),
  ]);
  return { ...found, client, payments, creditNotes };
}

/** The fee's lines and breakdown as of `asOfGiven` (today when not given), or a refusal. */
function decideFee(
  { invoice, organization, client, payments, creditNotes }: Awaited<ReturnType<typeof chargeable>>,
  asOfGiven: string | undefined,
  now: Date,
) {
  const policy = organization.late_fee_policy;
  if (!policy) throw invalidState('The organization has no late_fee_policy');
  if (invoice.status === 'draft' || invoice.status === 'void')
    throw invalidState(`A ${invoice.status} invoice is not charged late fees`);
  const zone = timeZoneOf(organization);
  const today = dateIn(zone, now);
  const asOf = asOfGiven ?? today;
  if (asOf > today) throw validationError({ as_of: 'may not be after today' });
  const settlements: Settlement[] = [
    ...payments.map((payment) => ({
      date: dateIn(zone, new Date(payment.paid_at)),
      amount_minor: payment.amount_minor,
    })),
    ...creditNotes.map((note) => ({ date: note.issue_date, amount_minor: note.total_amount_minor })),
  ];
  const owed = { totalMinor: invoice.total_amount_minor, dueDate: invoice.due_date, asOf, settlements };
  if (!wasLate(owed))
    throw invalidState(
      `Invoice ${invoice.invoice_number} was not paid late by ${asOf}: it was due ${invoice.due_date}`,
    );
  const interest = policy.interest
    ? lateInterest({ ...owed, interest: policy.interest, chargedThrough: invoice.late_fee_through })
    : { rows: [], interest_minor: 0 };
  if ('unknownRateOn' in interest)
    throw invalidState(`The statutory rate is not known for ${interest.unknownRateOn}: use a fixed rate`);
  const business = Boolean(client?.tax_id || client?.business);
  const compensation =
    policy.compensation && business && !invoice.late_fee_through && policy.compensation.currency === invoice.currency
      ? Number(toMinor(parseDecimal(policy.compensation.amount)!))
      : 0;
  if (interest.interest_minor + compensation === 0)
    throw invalidState(`Invoice ${invoice.invoice_number} owes no late fee through ${asOf}`);
  // The lines are worded in the invoice's language, as its documents are.
  const words = lineWordsFor(invoice.locale ?? 'en').lateFee;
  const lines = [
    ...(interest.interest_minor > 0
      ? [chargeLine(words.interest(invoice.invoice_number, asOf), interest.interest_minor, policy)]
      : []),
    ...(compensation > 0 ? [chargeLine(words.compensation(invoice.invoice_number), compensation, policy)] : []),
  ];
  return { lines, breakdown: { as_of: asOf, ...interest, compensation_minor: compensation } };
}

/** The original is marked charged in the fee's own transaction: a change to it meanwhile decides again. */
export async function chargeLateFee(
  deps: InvoicingDeps,
  organizationId: string,
  invoiceId: string,
  asOfGiven?: string,
  now = new Date(),
): Promise<LateFee> {
  return readDecideCommit({
    subject: { resource: 'invoice', id: invoiceId },
    read: () => chargeable(deps, organizationId, invoiceId),
    decide: (read) => decideFee(read, asOfGiven, now),
    commit: async ({ lines, breakdown }, { invoice }) => {
      const charged = await createInvoice(
        deps,
        organizationId,
        { client_id: invoice.client_id, currency: invoice.currency, lines },
        now,
        {
          claim: lateFeeChargedPart(deps.db, organizationId, invoice, breakdown.as_of),
          voidReason: `invoice ${invoice.invoice_number} changed while its late fee was written`,
          fields: {
            preceding_invoice: { id: invoice.id, number: invoice.invoice_number, issue_date: invoice.issue_date },
          },
        },
      ).catch(originRaced);
      return charged === RACED ? RACED : { invoice: charged, breakdown };
    },
  });
}
