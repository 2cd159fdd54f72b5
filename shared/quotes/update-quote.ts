// Changing a draft quote: the changes merged into what is stored, the lines priced again under the
// quote's terms; a change of client quotes the new one.
import { getClient } from '#shared/data/clients';
import { assertBillable } from '#shared/domain/client';
import { validationError } from '#shared/domain/errors';
import {
  assertTaxParties,
  buyerOf,
  type LineItemInput,
  priceInvoice,
  type PricingTerms,
  storedLineInput,
  termsOf,
} from '#shared/domain/invoice';
import type { Discount } from '#shared/domain/pricing';
import { assertEditable } from '#shared/domain/quote';
import type { InvoicingDeps } from '#shared/invoicing/deps';
import { changedMetadata, type Metadata } from '#shared/domain/metadata';
import { changeQuote } from '#shared/quotes/change-quote';

/** What a PATCH may change; `null` clears a discount, absent keeps a field. */
export type QuoteChanges = {
  client_id?: string;
  currency?: string;
  issue_date?: string;
  expiry_date?: string;
  locale?: string;
  notes?: string;
  terms?: string;
  lines?: LineItemInput[];
  discount?: Discount | null;
  prices_include_tax?: boolean;
  /** Not content: keys to set, '' removing one, in any state. */
  metadata?: Metadata;
};

export async function updateQuote(deps: InvoicingDeps, organizationId: string, quoteId: string, changes: QuoteChanges) {
  const client = changes.client_id ? await getClient(deps.db, organizationId, changes.client_id) : undefined;
  if (changes.client_id) assertBillable(client);
  const { metadata, ...content } = changes;
  const onlyMetadata = Object.values(content).every((value) => value === undefined);
  return changeQuote(deps, organizationId, quoteId, (current) => {
    const tagged = metadata ? { metadata: changedMetadata(current.metadata, metadata) } : {};
    // The page's form stays valid: the quote the client reads has not changed.
    if (onlyMetadata) return { quote: { ...current, ...tagged }, events: ['quote.updated'], bookkeeping: true };
    assertEditable(current);
    const { lines, discount, prices_include_tax: inclusive, ...fields } = content;
    const kept = termsOf(current);
    const terms: PricingTerms = {
      ...(discount === undefined ? kept.discount && { discount: kept.discount } : discount && { discount }),
      prices_include_tax: inclusive ?? kept.prices_include_tax,
      tax_rounding: kept.tax_rounding,
    };
    const defined = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
    const quote = {
      ...current,
      ...defined,
      discount: undefined,
      ...priceInvoice(lines ?? current.line_items.map(storedLineInput), terms),
      ...(client ? { client_name: client.name, buyer: buyerOf(client) } : {}),
      ...tagged,
    };
    if (quote.expiry_date < quote.issue_date) throw validationError({ expiry_date: 'may not be before issue_date' });
    assertTaxParties(quote);
    return { quote, events: ['quote.updated'] };
  });
}
