// Changing a draft: the changes are merged into what is stored and the lines priced again under the
// draft's terms. A change of client bills the new one, which must still be active when it is written.
import { clientStillActive, getClient } from '#shared/data/clients';
import { assertBillable, clientArchived } from '#shared/domain/client';
import { invalidState, validationError } from '#shared/domain/errors';
import {
  assertTaxParties,
  buyerOf,
  isEditable,
  priceInvoice,
  storedLineInput,
  termsOf,
  type Invoice,
  type InvoiceContent,
  type LineItemInput,
  type PricedInvoice,
  type PricingTerms,
} from '#shared/domain/invoice';
import type { Discount } from '#shared/domain/pricing';
import { changedMetadata, type Metadata } from '#shared/domain/metadata';
import { changeInvoice } from '#shared/invoicing/change-invoice';
import type { InvoicingDeps } from '#shared/invoicing/deps';
import { getInvoice } from '#shared/data/invoices';
import { getOrganization } from '#shared/data/organizations';
import type { RateLeg } from '#shared/domain/exchange-rate';
import { ecbReferenceFor, manualRateFor, rateNeedOf } from '#shared/invoicing/exchange-rate-for';

type Period = { start: string; end: string };

/** What a PATCH may change; `null` clears a field, absent (undefined) keeps it. */
export type InvoiceChanges = {
  client_id?: string;
  issue_date?: string;
  due_date?: string;
  currency?: string;
  notes?: string;
  terms?: string;
  buyer_reference?: string | null;
  purchase_order?: string | null;
  locale?: string;
  supply_date?: string | null;
  service_period?: Period | null;
  lines?: LineItemInput[];
  discount?: Discount | null;
  prices_include_tax?: boolean;
  /** Not content: may change in any state. */
  reminders_paused?: boolean;
  /** A rate given by hand for when the draft is issued; null: the ECB's. */
  manual_rate?: RateLeg | null;
  /** Not content: keys to set, '' removing one, in any state. */
  metadata?: Metadata;
};

const supplyOf = (given: { supply_date?: string | null; service_period?: Period | null }) => ({
  ...(given.supply_date ? { supply_date: given.supply_date } : {}),
  ...(given.service_period ? { service_period: given.service_period } : {}),
});

/** A draft's content after a partial change; the lines are priced again under the draft's terms. */
export function mergedContent(current: Invoice, changes: InvoiceChanges): InvoiceContent {
  const next = {
    client_id: changes.client_id ?? current.client_id,
    issue_date: changes.issue_date ?? current.issue_date,
    due_date: changes.due_date ?? current.due_date,
    currency: changes.currency ?? current.currency,
    notes: changes.notes ?? current.notes,
    terms: changes.terms ?? current.terms,
    buyer_reference:
      changes.buyer_reference === undefined ? current.buyer_reference : (changes.buyer_reference ?? undefined),
    purchase_order:
      changes.purchase_order === undefined ? current.purchase_order : (changes.purchase_order ?? undefined),
    locale: changes.locale ?? current.locale,
  };
  if (next.due_date < next.issue_date) throw validationError({ due_date: 'may not be before issue_date' });
  // null clears; a date given replaces the other kind. Keys left undefined clear the stored ones.
  const supply =
    changes.supply_date !== undefined || changes.service_period !== undefined
      ? supplyOf(changes)
      : supplyOf({ supply_date: current.supply_date, service_period: current.service_period });
  const terms = termsOf(current);
  const nextTerms: PricingTerms = {
    ...(changes.discount === undefined
      ? terms.discount && { discount: terms.discount }
      : changes.discount && { discount: changes.discount }),
    prices_include_tax: changes.prices_include_tax ?? terms.prices_include_tax,
    tax_rounding: terms.tax_rounding,
  };
  const lines = changes.lines ?? current.line_items.map(storedLineInput);
  return {
    ...next,
    supply_date: undefined,
    service_period: undefined,
    ...supply,
    discount: undefined,
    ...(current.quote ? quotedPricing(current, changes) : priceInvoice(lines, nextTerms)),
  };
}

/** An invoice made from a quote keeps the amounts the conversion decided (docs/quotes.md): they are not priced again. */
function quotedPricing(current: Invoice, changes: InvoiceChanges): PricedInvoice {
  const fixed = (['client_id', 'currency', 'lines', 'discount', 'prices_include_tax'] as const).find(
    (field) => changes[field] !== undefined,
  );
  if (fixed)
    throw invalidState(
      `${fixed === 'lines' ? 'line_items' : fixed === 'client_id' ? 'client' : fixed} of invoice ${current.invoice_number} ` +
        `comes from quote ${current.quote!.number} and cannot change`,
    );
  const { line_items, discount, discount_minor, prices_include_tax, tax_rounding, tax_breakdown } = current;
  const { subtotal_minor, tax_amount_minor, total_amount_minor } = current;
  return {
    line_items,
    ...(discount ? { discount } : {}),
    discount_minor,
    prices_include_tax,
    tax_rounding,
    tax_breakdown,
    subtotal_minor,
    tax_amount_minor,
    total_amount_minor,
  };
}

export async function updateInvoice(
  deps: InvoicingDeps,
  organizationId: string,
  invoiceId: string,
  changes: InvoiceChanges,
  now = new Date(),
): Promise<Invoice> {
  const newClient = changes.client_id ? await getClient(deps.db, organizationId, changes.client_id) : undefined;
  if (changes.client_id) assertBillable(newClient);
  const { reminders_paused: paused, manual_rate: manualRate, metadata, ...contentChanges } = changes;
  const organization = manualRate ? await getOrganization(deps.db, organizationId) : undefined;
  // The ECB rate a rate given by hand is held to, of the day the draft would take (the change reads no more).
  const draft = manualRate ? await getInvoice(deps.db, organizationId, invoiceId) : undefined;
  const ecb = draft
    ? await ecbReferenceFor(deps.db, rateNeedOf(organization!, mergedContent(draft, changes)))
    : undefined;
  const onlyBookkeeping =
    manualRate === undefined && Object.values(contentChanges).every((value) => value === undefined);
  const result = await changeInvoice(
    deps,
    organizationId,
    invoiceId,
    (current) => {
      const pausing = {
        ...(paused === undefined ? {} : { reminders_paused: paused }),
        ...(metadata ? { metadata: changedMetadata(current.metadata, metadata) } : {}),
      };
      if (onlyBookkeeping) return { invoice: { ...current, ...pausing }, events: ['invoice.updated'] };
      if (!isEditable(current.status))
        throw invalidState(`Only draft invoices can be edited; this one is ${current.status}`);
      const content = { ...mergedContent(current, changes), ...pausing };
      const clientChanged = newClient !== undefined && content.client_id !== current.client_id;
      const invoice = {
        ...current,
        ...content,
        ...(clientChanged
          ? {
              client_name: newClient.name,
              buyer: buyerOf(newClient),
              locale: content.locale ?? newClient.locale ?? current.locale,
            }
          : {}),
      };
      assertTaxParties(invoice);
      // A rate given by hand is checked against the draft's currency now, and again when it is issued.
      if (manualRate) {
        manualRateFor(manualRate, rateNeedOf(organization!, invoice), ecb);
        invoice.manual_rate = manualRate;
      }
      if (manualRate === null) delete invoice.manual_rate;
      return {
        invoice,
        events: ['invoice.updated'],
        parts: clientChanged ? { client: clientStillActive(deps.db, organizationId, newClient.id) } : {},
      };
    },
    now,
  );
  // Archived between the read above and the write.
  if (!result.ok) throw clientArchived();
  return result.invoice;
}
