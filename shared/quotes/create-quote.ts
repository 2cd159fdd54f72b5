// Creating a quote: priced as an invoice is (the organization's tax rounding), numbered from the quote
// series (gapless: a number whose write fails is voided with its reason), written with its event.
import { eventParts } from '#shared/data/events';
import { clientWithOrganization } from '#shared/data/invoices';
import { allocateNumber, MAX_TEXT_COLLISIONS, voidNumber } from '#shared/data/number-series';
import type { Metadata } from '#shared/domain/metadata';
import { newQuoteParts } from '#shared/data/quotes';
import { transact } from '#shared/data/table';
import { assertBillable } from '#shared/domain/client';
import { addDays, dateIn } from '#shared/domain/dates';
import { validationError } from '#shared/domain/errors';
import { newCapabilityToken, newId } from '#shared/domain/ids';
import { assertTaxParties, buyerOf, type LineItemInput, priceInvoice, sellerOf } from '#shared/domain/invoice';
import { formatNumber, QUOTE_SERIES, quoteNumberingOf, seriesFor, VOID_REASON } from '#shared/domain/numbering';
import { timeZoneOf } from '#shared/domain/organization';
import type { Discount } from '#shared/domain/pricing';
import type { Quote } from '#shared/domain/quote';
import { quoteResource } from '#shared/domain/resources/quote';
import { DEFAULT_TAX_ROUNDING } from '#shared/domain/tax';
import type { InvoicingDeps } from '#shared/invoicing/deps';

/** How long a quote is valid when the request does not say: 30 days from its date. */
export const DEFAULT_VALID_DAYS = 30;

export type NewQuote = {
  client_id: string;
  currency?: string;
  issue_date?: string;
  expiry_date?: string;
  locale?: string;
  notes?: string;
  terms?: string;
  lines: LineItemInput[];
  discount?: Discount;
  prices_include_tax?: boolean;
  metadata?: Metadata;
};

export async function createQuote(deps: InvoicingDeps, organizationId: string, draft: NewQuote, now = new Date()) {
  const { db } = deps;
  const { client, organization } = await clientWithOrganization(db, organizationId, draft.client_id);
  assertBillable(client);
  if (!organization) throw new Error(`organization ${organizationId} is incomplete`);
  const issueDate = draft.issue_date ?? dateIn(timeZoneOf(organization), now);
  const expiryDate = draft.expiry_date ?? addDays(issueDate, DEFAULT_VALID_DAYS);
  if (expiryDate < issueDate) throw validationError({ expiry_date: 'may not be before issue_date' });
  const { lines, discount, prices_include_tax: inclusive, ...fields } = draft;
  const priced = priceInvoice(lines, {
    ...(discount ? { discount } : {}),
    prices_include_tax: inclusive ?? false,
    tax_rounding: organization.tax_rounding ?? DEFAULT_TAX_ROUNDING,
  });
  const parties = { seller: sellerOf(organization), buyer: buyerOf(client) };
  assertTaxParties({ ...priced, ...parties });
  const format = quoteNumberingOf(organization);
  const series = seriesFor(format, issueDate, QUOTE_SERIES);
  for (let taken = 0; ; taken++) {
    const allocated = await allocateNumber(db, organizationId, series, format, now);
    const quote: Quote = {
      ...fields,
      ...priced,
      ...parties,
      id: newId('quo', now.getTime()),
      quote_number: formatNumber(format, allocated.number, issueDate.slice(0, 4)),
      status: 'draft',
      client_name: client.name,
      currency: draft.currency ?? organization.default_currency,
      issue_date: issueDate,
      expiry_date: expiryDate,
      locale: draft.locale ?? client.locale ?? organization.locale ?? 'en',
      notes: draft.notes ?? organization.default_notes,
      terms: draft.terms ?? organization.default_terms,
      public_token: newCapabilityToken(),
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      version: 1,
    };
    const event = { type: 'quote.created' as const, object: quoteResource(quote, deps.publicBaseUrl) };
    const written = await transact(db, {
      ...newQuoteParts(db, organizationId, quote, allocated, now),
      event: eventParts(db, organizationId, [event], now),
    });
    if (written.ok) return quote;
    const reason = written.failed === 'printed_number' ? VOID_REASON.textTaken : VOID_REASON.writeFailed;
    await voidNumber(db, organizationId, allocated, reason, now);
    if (written.failed !== 'printed_number' || taken >= MAX_TEXT_COLLISIONS)
      throw new Error(`quote ${quote.quote_number} could not be written: ${written.failed} refused`);
  }
}
