// A quote (docs/quotes.md): priced as an invoice is, numbered in a series of its own, valid through
// its expiry day in the organization's time zone. draft → sent → accepted | declined | expired.
import type { Metadata } from '#shared/domain/metadata';
import { invalidState } from '#shared/domain/errors';
import type { BuyerSnapshot, PricedInvoice, QuoteInvoiceKind, SellerSnapshot } from '#shared/domain/invoice';
import type { CreditNoteSending } from '#shared/domain/credit-note';

export const QUOTE_STATUSES = ['draft', 'sent', 'accepted', 'declined', 'expired'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export type QuoteContent = PricedInvoice & {
  client_id: string;
  currency: string;
  issue_date: string;
  /** The last day the quote may be accepted, in the organization's time zone. */
  expiry_date: string;
  locale?: string;
  notes?: string;
  terms?: string;
  /** Not content: changes in any state, never printed (shared/domain/metadata.ts). */
  metadata?: Metadata;
};

export type Quote = QuoteContent & {
  id: string;
  quote_number: string;
  status: QuoteStatus;
  client_name: string;
  seller?: SellerSnapshot;
  buyer?: BuyerSnapshot;
  public_token: string;
  created_at: string;
  updated_at: string;
  version: number;
  sent_at?: string;
  accepted_at?: string;
  /** The name the person accepting gave, if any. */
  accepted_by?: string;
  declined_at?: string;
  expired_at?: string;
  sendings?: CreditNoteSending[];
  /**
   * The version the public page's form carries: moved by every change the client could see (a
   * sending, an answer), not by bookkeeping such as delivery reports. Absent: `version`.
   */
  page_version?: number;
  /** The invoices made from it, oldest first (docs/quotes.md "Deposits and the final invoice"). */
  invoices?: QuoteInvoice[];
};

export type QuoteInvoice = { id: string; invoice_number: string; kind: QuoteInvoiceKind; issue_date: string };

/** The version an answer form of the quote's page carries, and is checked against. */
export const pageVersionOf = (quote: Pick<Quote, 'version' | 'page_version'>) => quote.page_version ?? quote.version;

/** Only an accepted quote is invoiced, and nothing more once its final invoice exists. */
export function assertInvoiceable(quote: Pick<Quote, 'status' | 'quote_number' | 'invoices'>) {
  if (quote.status !== 'accepted')
    throw invalidState(`A quote that is ${quote.status} cannot be invoiced; only accepted quotes can`);
  const final = quote.invoices?.find((invoice) => invoice.kind !== 'deposit');
  if (final) throw invalidState(`Quote ${quote.quote_number} is invoiced in full by invoice ${final.invoice_number}`);
}

/** Sending issues a draft and may repeat while the quote is open; accepted, declined or expired ones are closed. */
export function assertSendable(quote: Pick<Quote, 'status' | 'expiry_date'>, today: string) {
  if (quote.status !== 'draft' && quote.status !== 'sent')
    throw invalidState(`A quote that is ${quote.status} cannot be sent`);
  if (quote.expiry_date < today) throw invalidState(`The quote expired on ${quote.expiry_date}`);
}

export function assertEditable(quote: Pick<Quote, 'status'>) {
  if (quote.status !== 'draft') throw invalidState(`Only draft quotes can be edited; this one is ${quote.status}`);
}

/** A sent quote past its expiry day (in the organization's zone) is expired. */
export const isPastExpiry = (quote: Pick<Quote, 'status' | 'expiry_date'>, today: string) =>
  quote.status === 'sent' && quote.expiry_date < today;
