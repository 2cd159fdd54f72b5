// Which events move revenue, and by how much: the event's own payload is enough (no reads), so the
// aggregator can apply events in any order. Definitions: docs/reports.md.
import { dateIn } from '#shared/domain/dates';
import { parseDecimal, toMinor } from '#shared/domain/decimal';
import type { FixedRate } from '#shared/domain/exchange-rate';
import {
  convertedContributions,
  creditNoteIssued,
  invoiceIssued,
  paymentReceived,
  refundPaid,
  type Contribution,
} from '#shared/domain/revenue';

/** The event kinds that change revenue aggregates; the stack's rule forwards only these. */
export const REVENUE_EVENT_TYPES = [
  'invoice.sent',
  'invoice.voided',
  'payment.received',
  'payment.reversed',
  'credit_note.created',
  'refund.succeeded',
] as const;

type InvoiceObject = {
  currency: string;
  issue_date: string;
  due_date: string;
  total_amount: string;
  sent_at: string | null;
};
type PaymentObject = { currency: string; amount: string; paid_at: string };
type RefundObject = { currency: string; amount: string; refunded_at: string };
type CreditNoteObject = {
  currency: string;
  issue_date: string;
  total_amount: string;
  invoice: { issue_date: string; due_date: string };
};
export type RevenueEvent = { type: string; data: { object: unknown; payment?: unknown; refund?: unknown } };

const minorUnits = (amount: string) => {
  const parsed = parseDecimal(amount);
  if (!parsed || parsed.scale > 2) throw new Error(`not a two-decimal amount: ${amount}`);
  return toMinor(parsed);
};

/**
 * What the event adds to the organization's buckets, in the document's currency and again converted
 * at its fixed rate into its accounting currency; payment dates are taken in `timeZone`.
 */
export function contributionsOf(event: RevenueEvent, timeZone: string): Contribution[] {
  const own = ownContributionsOf(event, timeZone);
  return [...own, ...convertedContributions(own, event.data.object as FixedRate)];
}

function ownContributionsOf(event: RevenueEvent, timeZone: string): Contribution[] {
  const invoice = event.data.object as InvoiceObject;
  const issued = () => ({
    currency: invoice.currency,
    issue_date: invoice.issue_date,
    due_date: invoice.due_date,
    total_minor: minorUnits(invoice.total_amount),
  });
  switch (event.type) {
    case 'invoice.sent':
      return invoiceIssued(issued());
    case 'invoice.voided':
      // A draft voided was never issued; an issued invoice voided stops counting everywhere.
      return invoice.sent_at ? invoiceIssued(issued(), -1n) : [];
    case 'credit_note.created': {
      const creditNote = event.data.object as CreditNoteObject;
      return creditNoteIssued({ ...creditNote, total_minor: minorUnits(creditNote.total_amount) });
    }
    case 'refund.succeeded': {
      const refund = event.data.refund as RefundObject;
      return refundPaid(
        {
          currency: refund.currency,
          refunded_date: dateIn(timeZone, new Date(refund.refunded_at)),
          amount_minor: minorUnits(refund.amount),
        },
        invoice,
      );
    }
    case 'payment.received':
    case 'payment.reversed': {
      const payment = event.data.payment as PaymentObject;
      return paymentReceived(
        {
          currency: payment.currency,
          paid_date: dateIn(timeZone, new Date(payment.paid_at)),
          amount_minor: minorUnits(payment.amount),
        },
        invoice,
        event.type === 'payment.reversed' ? -1n : 1n,
      );
    }
    default:
      return [];
  }
}
