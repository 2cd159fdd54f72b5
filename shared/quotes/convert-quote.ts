// Invoicing an accepted quote (docs/quotes.md "Deposits and the final invoice"): a deposit takes a share
// of what the deposits so far leave; the final invoice deducts them all. The invoice, the quote that
// records it and a condition on every deposit counted are one transaction, so no two conversions count
// the same remainder; a final invoice also marks the deposits it deducts, which then stay as they are.
import { readDecideCommit } from '#shared/data/change';
import { changedInvoiceParts, getInvoices, unchangedInvoicePart } from '#shared/data/invoices';
import { changedQuoteParts, getQuote } from '#shared/data/quotes';
import { trimmedText } from '#shared/domain/decimal';
import { invalidState, notFound } from '#shared/domain/errors';
import type { Invoice, PricedInvoice } from '#shared/domain/invoice';
import { assertInvoiceable, type Quote } from '#shared/domain/quote';
import {
  depositInvoice,
  depositRows,
  depositRowsOf,
  finalInvoice,
  MAX_DEPOSITS,
  type CountedDeposit,
  type DepositAsk,
} from '#shared/domain/quote-conversion';
import { lineWordsFor } from '#shared/documents/line-words';
import { createInvoice, originRaced } from '#shared/invoicing/create-invoice';
import type { InvoicingDeps } from '#shared/invoicing/deps';

export type QuoteConversion = { kind: 'full' } | { kind: 'final' } | ({ kind: 'deposit' } & DepositAsk);

/** The deposit invoices that still count: not void, and holding something after their credit notes. */
async function depositsOf(deps: InvoicingDeps, organizationId: string, quote: Quote) {
  const ids = (quote.invoices ?? []).filter((invoice) => invoice.kind === 'deposit').map((invoice) => invoice.id);
  const invoices = (await getInvoices(deps.db, organizationId, ids)).filter((invoice) => invoice.status !== 'void');
  const counted: CountedDeposit[] = invoices.map((invoice) => ({
    id: invoice.id,
    number: invoice.invoice_number,
    issue_date: invoice.issue_date,
    rows: depositRowsOf(invoice.line_items),
  }));
  return { all: ids.length, invoices, counted };
}

/** The new invoice's content, and what the transaction must also hold about the deposits. */
function decide(quote: Quote, conversion: QuoteConversion, deposits: Awaited<ReturnType<typeof depositsOf>>) {
  const words = lineWordsFor(quote.locale ?? 'en').deposit;
  if (conversion.kind === 'deposit') {
    if (deposits.all >= MAX_DEPOSITS) throw invalidState(`A quote takes at most ${MAX_DEPOSITS} deposit invoices`);
    const rows = depositRows(quote, deposits.counted, conversion);
    const percent = 'percent' in conversion ? trimmedText(conversion.percent) : null;
    return { priced: depositInvoice(quote, rows, words.line(quote.quote_number, percent)), marks: false };
  }
  if (conversion.kind === 'full' && deposits.counted.length > 0)
    throw invalidState(`Quote ${quote.quote_number} has deposit invoices: invoice the rest with kind final`);
  const draft = deposits.invoices.find((invoice) => invoice.status === 'draft');
  if (draft)
    throw invalidState(`Deposit invoice ${draft.invoice_number} is a draft: send or void it before the final invoice`);
  const priced: PricedInvoice = finalInvoice(quote, deposits.counted, (deposit) =>
    words.deduction(deposit.number, deposit.issue_date),
  );
  return { priced, marks: true };
}

/** The quote that records the invoice, and the deposits it counted: marked (final) or unchanged, as read. */
function claimOf(
  deps: InvoicingDeps,
  organizationId: string,
  { quote, deposits }: Counted,
  kind: QuoteConversion['kind'],
  marks: boolean,
  now: Date,
) {
  const { db } = deps;
  const stamp = { updated_at: now.toISOString() };
  return (invoice: Invoice) => [
    ...changedQuoteParts(
      db,
      organizationId,
      {
        ...quote,
        ...stamp,
        version: quote.version + 1,
        invoices: [
          ...(quote.invoices ?? []),
          { id: invoice.id, invoice_number: invoice.invoice_number, kind, issue_date: invoice.issue_date },
        ],
      },
      quote,
    ),
    ...deposits.invoices.flatMap((deposit) =>
      marks
        ? changedInvoiceParts(
            db,
            organizationId,
            {
              ...deposit,
              ...stamp,
              version: deposit.version + 1,
              deducted_by: { id: invoice.id, number: invoice.invoice_number },
            },
            deposit,
          )
        : unchangedInvoicePart(db, organizationId, deposit),
    ),
  ];
}

type Counted = { quote: Quote; deposits: Awaited<ReturnType<typeof depositsOf>> };

export async function convertQuote(
  deps: InvoicingDeps,
  organizationId: string,
  quoteId: string,
  conversion: QuoteConversion,
  now = new Date(),
): Promise<Invoice> {
  return readDecideCommit({
    subject: { resource: 'quote', id: quoteId },
    read: async (): Promise<Counted> => {
      const quote = await getQuote(deps.db, organizationId, quoteId);
      if (!quote) throw notFound('Quote');
      return { quote, deposits: await depositsOf(deps, organizationId, quote) };
    },
    decide: ({ quote, deposits }) => {
      assertInvoiceable(quote);
      return decide(quote, conversion, deposits);
    },
    commit: async ({ priced, marks }, counted) => {
      const { quote } = counted;
      return createInvoice(
        deps,
        organizationId,
        { client_id: quote.client_id, currency: quote.currency, locale: quote.locale, lines: [], priced },
        now,
        {
          claim: claimOf(deps, organizationId, counted, conversion.kind, marks, now),
          voidReason: `quote ${quote.quote_number} or its deposits changed while the invoice was written`,
          fields: { quote: { id: quote.id, number: quote.quote_number, kind: conversion.kind } },
        },
      ).catch(originRaced);
    },
  });
}
