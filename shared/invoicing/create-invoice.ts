// Creating an invoice: read the client and the organization, price the lines under the organization's
// tax rounding, take the next number (never contended: docs/data-model.md "Numbering"), and write the
// invoice with its number claims, public token and event in one transaction — or void the number.
import { RACED, type Raced } from '#shared/data/change';
import { eventParts } from '#shared/data/events';
import { clientWithOrganization, newInvoiceParts } from '#shared/data/invoices';
import { MAX_TEXT_COLLISIONS } from '#shared/data/number-series';
import { type Numbers, oneAtATime } from '#shared/data/number-pool';
import { transact, type WritePart } from '#shared/data/table';
import { assertBillable } from '#shared/domain/client';
import { dateIn } from '#shared/domain/dates';
import { validationError } from '#shared/domain/errors';
import { newCapabilityToken, newId } from '#shared/domain/ids';
import {
  assertTaxParties,
  buyerOf,
  invoiceDates,
  priceInvoice,
  sellerOf,
  type Invoice,
  type InvoiceContent,
  type LineItemInput,
  type PricedInvoice,
} from '#shared/domain/invoice';
import { formatNumber, numberingOf, seriesFor, VOID_REASON } from '#shared/domain/numbering';
import { timeZoneOf, type Organization } from '#shared/domain/organization';
import type { Discount } from '#shared/domain/pricing';
import { invoiceResource } from '#shared/domain/resources/invoice';
import { DEFAULT_TAX_ROUNDING } from '#shared/domain/tax';
import type { Client } from '#shared/domain/client';
import type { InvoicingDeps } from '#shared/invoicing/deps';

/** A new invoice's content; what is left out defaults from the organization (currency, today in its zone). */
export type NewInvoice = Omit<InvoiceContent, keyof PricedInvoice | 'currency' | 'issue_date' | 'due_date'> & {
  currency?: string;
  issue_date?: string;
  due_date?: string;
  /** Priced here, under the organization's tax rounding. */
  lines: LineItemInput[];
  /** Content priced already (an invoice made from a quote): used as it is, `lines` ignored. */
  priced?: PricedInvoice;
  discount?: Discount;
  prices_include_tax?: boolean;
};

/**
 * What an invoice is made from, claimed in its own transaction: a recurring template's period (so it
 * is generated at most once), the original a late fee charges (so no day is charged twice), or the
 * quote an invoice is made from (so no two invoices count the same remainder).
 */
export type InvoiceOrigin = {
  /** Given the invoice when it needs its id or number (a quote records the invoices made from it). */
  claim: WritePart | readonly WritePart[] | ((invoice: Invoice) => readonly WritePart[]);
  /** Why the number is voided when the claim fails. */
  voidReason: string;
  fields: Partial<Pick<Invoice, 'recurring_id' | 'preceding_invoice' | 'quote'>>;
};

/** The origin was claimed by another run or changed meanwhile: nothing was written. */
export class OriginTakenError extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** For a change that commits through createInvoice (shared/data/change.ts): a refused origin lost a race. */
export function originRaced(error: unknown): Raced {
  if (error instanceof OriginTakenError) return RACED;
  throw error;
}

/** The invoice's content before it has a number: priced, dated and with the parties it is billed between. */
function contentOf(draft: NewInvoice, client: Client, organization: Organization, now: Date): InvoiceContent {
  const dates = invoiceDates(draft, dateIn(timeZoneOf(organization), now), organization.payment_term_days);
  if (dates.due_date < dates.issue_date) throw validationError({ due_date: 'may not be before issue_date' });
  const { lines, discount, prices_include_tax: pricesIncludeTax, priced: given, ...fields } = draft;
  const priced =
    given ??
    priceInvoice(lines, {
      ...(discount ? { discount } : {}),
      prices_include_tax: pricesIncludeTax ?? false,
      tax_rounding: organization.tax_rounding ?? DEFAULT_TAX_ROUNDING,
    });
  assertTaxParties({ ...priced, ...fields, seller: sellerOf(organization), buyer: buyerOf(client) });
  return {
    ...fields,
    ...priced,
    ...dates,
    currency: draft.currency ?? organization.default_currency,
    locale: draft.locale ?? client.locale ?? organization.locale ?? 'en',
    // The organization's default notes and terms, unless the invoice says otherwise.
    notes: draft.notes ?? organization.default_notes,
    terms: draft.terms ?? organization.default_terms,
  };
}

/**
 * Three requests: read, allocate, write. A format change can print a number the way an earlier format
 * printed another: that number is voided with its reason and the next one taken.
 */
export async function createInvoice(
  deps: InvoicingDeps,
  organizationId: string,
  draft: NewInvoice,
  now = new Date(),
  origin?: InvoiceOrigin,
): Promise<Invoice> {
  const parties = await clientWithOrganization(deps.db, organizationId, draft.client_id);
  return createInvoiceBetween(deps, organizationId, parties, draft, now, origin);
}

/**
 * An invoice between a client and an organization read already, numbered from `numbers` (one
 * allocated per attempt unless a batch reserved them): one request, the write.
 */
export async function createInvoiceBetween(
  deps: InvoicingDeps,
  organizationId: string,
  { client, organization }: { client?: Client; organization?: Organization },
  draft: NewInvoice,
  now: Date,
  origin?: InvoiceOrigin,
  numbers?: Numbers,
): Promise<Invoice> {
  const { db } = deps;
  assertBillable(client);
  if (!organization) throw new Error(`organization ${organizationId} is incomplete`);
  const content = contentOf(draft, client, organization, now);
  const format = numberingOf(organization);
  const series = seriesFor(format, content.issue_date);
  const source = numbers ?? oneAtATime(db, organizationId, format, now);
  for (let taken = 0; ; taken++) {
    const allocated = await source.take(series);
    const invoice: Invoice = {
      id: newId('inv', now.getTime()),
      invoice_number: formatNumber(format, allocated.number, content.issue_date.slice(0, 4)),
      status: 'draft',
      client_name: client.name,
      seller: sellerOf(organization),
      buyer: buyerOf(client),
      ...content,
      public_token: newCapabilityToken(),
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      version: 1,
      ...origin?.fields,
    };
    const event = { type: 'invoice.created' as const, object: invoiceResource(invoice, deps.publicBaseUrl) };
    // Unknown outcome (thrown: a timeout may hide a success): the claim decides, and the sweeper voids the rest.
    const written = await transact(db, {
      origin: typeof origin?.claim === 'function' ? origin.claim(invoice) : origin?.claim,
      ...newInvoiceParts(db, organizationId, invoice, allocated, now),
      event: eventParts(db, organizationId, [event], now),
    });
    if (written.ok) return invoice;
    const reason = { origin: origin?.voidReason, printed_number: VOID_REASON.textTaken }[written.failed as string];
    // Only a refused origin leaves the number as good as new: a batch gives it to its next invoice.
    await source.unclaimed(allocated, reason ?? VOID_REASON.writeFailed, written.failed === 'origin');
    if (written.failed === 'origin') throw new OriginTakenError(origin!.voidReason);
    if (written.failed !== 'printed_number' || taken >= MAX_TEXT_COLLISIONS)
      throw new Error(`invoice ${invoice.invoice_number} could not be written: ${written.failed} refused`);
  }
}
