// Every e-invoice the service writes reads back through its own reader (shared/e-invoice-reader) as
// the JSON it answers for the same document: random invoices and their credit notes in each XML format
// and as Factur-X PDFs, each business term of the view compared by value with the resource's field.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { creditNoteEInvoice, type EInvoiceFile, invoiceEInvoice } from '#shared/documents/e-invoice-file';
import { XML_FORMATS, type XmlFormat } from '#shared/documents/e-invoice-xml';
import { decimalTextOf, parseDecimal, toMinor } from '#shared/domain/decimal';
import { eInvoiceGaps } from '#shared/domain/e-invoice';
import type { IncomingLine, IncomingParty, IncomingView } from '#shared/domain/incoming-invoice-view';
import { taxBreakdownOf, type Invoice } from '#shared/domain/invoice';
import { creditNoteResource } from '#shared/domain/resources/credit-note';
import { invoiceResource } from '#shared/domain/resources/invoice';
import { DEFAULT_UNIT } from '#shared/domain/unit-codes';
import { readEInvoice } from '#shared/e-invoice-reader/read-e-invoice';
import { creditNoteOf, randomInvoice } from '#test/support/random-documents';

const BASE_URL = 'https://invoices.example';
const PRECEDING = { id: 'inv_01ARZ3NDEKTSV4RRFFQ69G5FAW', number: 'INV-2026-0001', issue_date: '2026-10-01' };
const RATE = { rate: '0.9234', to: 'EUR', date: '2026-11-02', source: 'manual' } as const;
/** Some in another currency than the VAT accounting one (BT-6, BT-111), some correcting an earlier invoice (BG-3). */
function varied(invoice: Invoice, index: number): Invoice {
  const converted = index % 3 === 0 && invoice.currency !== 'EUR';
  return {
    ...invoice,
    ...(converted ? { accounting_currency: 'EUR', exchange_rate: { ...RATE, from: invoice.currency } } : {}),
    ...(index % 4 === 1 ? { preceding_invoice: PRECEDING } : {}),
  };
}
const invoices = fc.sample(randomInvoice, { numRuns: 60, seed: 20261102 }).map(varied);
type Format = XmlFormat | 'factur-x';
const FORMATS: Format[] = [...(Object.keys(XML_FORMATS) as XmlFormat[]), 'factur-x'];
/** PDFs take longer to draw: the first ready invoices (and their credit notes) only. */
const FACTUR_X_INVOICES = 10;

type InvoiceJson = ReturnType<typeof invoiceResource>;
type CreditNoteJson = ReturnType<typeof creditNoteResource>;

/** A value as units and scale without trailing zeros ("19.00" and "19" are both 19e-0): equal values compare equal. */
function canonical(units: bigint, scale: number): string {
  let [u, s] = [units, scale];
  while (s > 0 && u % 10n === 0n) [u, s] = [u / 10n, s - 1];
  return `${u}e-${s}`;
}
/** A decimal's exact value, compared so. */
function exact(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const parsed = parseDecimal(text);
  return parsed ? canonical(parsed.units, parsed.scale) : `not a decimal: ${text}`;
}
/** The exact sum of amounts (of up to six fraction digits); null for none. */
function sum(texts: string[]): string | null {
  const units = texts.map((text) => toMinor(parseDecimal(text)!, 6));
  return units.length
    ? canonical(
        units.reduce((total, each) => total + each, 0n),
        6,
      )
    : null;
}
/** An amount EN 16931 leaves out when there is none (BT-107, BT-113, BT-136): the JSON's 0.00 is absent. */
const optional = (text: string) => (exact(text) === '0e-0' ? null : exact(text));

/** What a line whose BT-146 is derived from its net amount must satisfy, in place of a price to compare. */
const NET_PRICE = 'BT-131 = BT-129 × BT-146 / BT-149, within 0.02';

/** quantity × price / base quantity is the net amount within the 0.02 PEPPOL-EN16931-R120 allows, exactly. */
function multipliesBack(line: IncomingLine): boolean {
  const { quantity, unit_price: price, price_base_quantity: base, net_amount: net } = line;
  const [q, p, b, n] = [quantity, price ?? '', base ?? '1', net].map(parseDecimal);
  if (!q || !p || !b || !n) return false;
  const scale = Math.max(q.scale + p.scale, n.scale + b.scale, b.scale + 2);
  const at = (units: bigint, of: number) => units * 10n ** BigInt(scale - of);
  const miss = at(q.units * p.units, q.scale + p.scale) - at(n.units * b.units, n.scale + b.scale);
  return (miss < 0n ? -miss : miss) <= at(2n * b.units, b.scale + 2);
}

/** A party without the terms the JSON has no field for (BT-28, BT-32). */
const partyTerms = ({ trading_name: _trading, tax_registration_id: _fiscal, ...party }: IncomingParty) => party;

function lineTerms(line: IncomingLine, netPrices: boolean) {
  const derived = !netPrices && multipliesBack(line);
  return {
    description: line.description,
    quantity: exact(line.quantity),
    unit: line.unit,
    unit_price: derived ? NET_PRICE : exact(line.unit_price),
    price_base_quantity: derived ? null : exact(line.price_base_quantity),
    net_amount: exact(line.net_amount),
    allowances: line.allowances_charges.map((each) => ({ charge: each.charge, amount: exact(each.amount) })),
    tax_category: line.tax_category,
    tax_rate: exact(line.tax_rate),
  };
}

/** The view's terms the JSON has, decimals by value; `netPrices`: whether BT-146 is the JSON's unit price. */
function termsOf(view: IncomingView, netPrices: boolean) {
  const { document_type, type_code, number, issue_date, due_date, currency, notes } = view;
  const { buyer_reference, purchase_order, preceding_invoices, delivery_date, service_period } = view;
  return {
    ...{ document_type, type_code, number, issue_date, due_date, currency, notes },
    ...{ buyer_reference, purchase_order, preceding_invoices, delivery_date, service_period },
    seller: partyTerms(view.seller),
    buyer: partyTerms(view.buyer),
    line_items: view.line_items.map((line) => lineTerms(line, netPrices)),
    tax_breakdown: view.tax_breakdown.map((row) => ({
      ...row,
      tax_rate: exact(row.tax_rate),
      taxable_amount: exact(row.taxable_amount),
      tax_amount: exact(row.tax_amount),
    })),
    totals: {
      subtotal: exact(view.subtotal),
      discount_amount: exact(view.discount_amount),
      taxable_amount: exact(view.taxable_amount),
      tax_amount: exact(view.tax_amount),
      total_amount: exact(view.total_amount),
      amount_paid: exact(view.amount_paid),
      amount_due: exact(view.amount_due),
      allowances: sum(view.allowances_charges.map((each) => (each.charge ? `-${each.amount}` : each.amount))),
      accounting_currency: view.accounting_currency,
      tax_amount_in_accounting_currency: exact(view.tax_amount_in_accounting_currency),
    },
    payment: view.payment,
  };
}
type Terms = ReturnType<typeof termsOf>;

/** Categories that state why no VAT is charged (BR-E-10, BR-AE-10, BR-IC-10, BR-G-10, BR-O-10). */
const EXEMPT = new Set(['E', 'AE', 'K', 'G', 'O']);
/** The VATEX code (BT-121) a category stands for, where the JSON gives no reason of its own. */
const VATEX: Record<string, string> = { AE: 'VATEX-EU-AE', K: 'VATEX-EU-IC', G: 'VATEX-EU-G', O: 'VATEX-EU-O' };

function taxRowExpected(row: InvoiceJson['tax_breakdown'][number]): Terms['tax_breakdown'][number] {
  const exempt = EXEMPT.has(row.tax_category);
  // S and Z rows state no exemption reason (BR-S-10, BR-Z-10), whatever the JSON row carries.
  const reason = exempt ? row.tax_exemption_reason || null : null;
  return {
    tax_category: row.tax_category,
    tax_rate: exact(row.tax_rate),
    taxable_amount: exact(row.taxable_amount),
    tax_amount: exact(row.tax_amount),
    tax_exemption_reason: reason,
    tax_exemption_reason_code: exempt && !reason ? (VATEX[row.tax_category] ?? null) : null,
  };
}

/** A line's category; outside the scope of VAT a line states no rate (BR-O-05). */
const lineCategory = (tax_category: string, rate: string) => ({
  tax_category,
  tax_rate: tax_category === 'O' ? null : exact(rate),
});

function partiesOf(json: InvoiceJson | CreditNoteJson, format: Format): Pick<Terms, 'seller' | 'buyer'> {
  // Outside the scope of VAT neither party states a VAT identifier (BR-O-02), whatever the JSON holds.
  const vat = !json.tax_breakdown.some((row) => row.tax_category === 'O');
  // XRechnung reaches a party without a Peppol id at its e-mail (BT-34 / BT-49 with scheme EM, BR-DE-…).
  const endpoint = (peppolId: string | null | undefined, email: string | null | undefined) =>
    peppolId ?? (format.startsWith('xrechnung') && email ? `EM:${email}` : null);
  const contact = (name: string | null, phone?: string | null, email?: string | null) =>
    phone || email ? { name, phone: phone ?? null, email: email ?? null } : null;
  const seller = json.seller!;
  const { address: line1, city, postal_code, state, country, ...buyer } = json.buyer!;
  const none = { line1: null, line2: null, line3: null, city: null, postal_code: null, state: null, country: null };
  return {
    seller: {
      name: seller.name,
      tax_id: vat ? seller.tax_id : null,
      registration_number: seller.registration_number,
      electronic_address: endpoint(seller.peppol_id, seller.email),
      address: { ...none, ...seller.address },
      // The seller's contact point (BT-41) is the seller itself.
      contact: contact(seller.name, seller.phone, seller.email),
    },
    buyer: {
      name: buyer.name,
      tax_id: vat ? buyer.tax_id : null,
      registration_number: null,
      electronic_address: endpoint(buyer.peppol_id, buyer.email),
      address: { ...none, line1, city, postal_code, state, country },
      contact: contact(null, buyer.phone, buyer.email),
    },
  };
}

/** The seller's account as a SEPA credit transfer (BT-81 58), paid with the document's number (BT-83). */
function paymentExpected(json: InvoiceJson | CreditNoteJson, number: string, terms: string | null): Terms['payment'] {
  const account = json.seller?.payment_instructions;
  if (!account?.iban && !terms) return null;
  return {
    means_code: account?.iban ? '58' : null,
    remittance_reference: account?.iban ? number : null,
    iban: account?.iban ?? null,
    account_name: account?.account_name ?? null,
    bic: account?.bic ?? null,
    terms,
  };
}

function invoiceExpected(json: InvoiceJson, format: Format): Terms {
  const { issue_date, due_date, currency, buyer_reference, purchase_order } = json;
  return {
    document_type: 'invoice',
    // UNTDID 1001: 380 a commercial invoice, 386 a prepayment (deposit) invoice.
    type_code: json.quote?.kind === 'deposit' ? '386' : '380',
    number: json.invoice_number,
    ...{ issue_date, due_date, currency, buyer_reference, purchase_order },
    notes: json.notes ? [json.notes] : [],
    preceding_invoices: json.preceding_invoice
      ? [{ number: json.preceding_invoice.number, issue_date: json.preceding_invoice.issue_date }]
      : [],
    delivery_date: json.supply_date,
    service_period: json.service_period,
    ...partiesOf(json, format),
    line_items: json.line_items.map((line) => ({
      description: line.description,
      quantity: exact(decimalTextOf(line.quantity)),
      unit: line.unit,
      // BT-146 is a net price: the JSON's unit price where prices are net; with prices that include
      // tax it is the line's net amount per unit (or BT-149 units), which the JSON does not state.
      unit_price: json.prices_include_tax ? NET_PRICE : exact(line.unit_price),
      price_base_quantity: null,
      net_amount: exact(line.net_amount),
      // A net-price line's discount is its allowance (BT-136); with gross prices it is inside BT-131.
      allowances:
        !json.prices_include_tax && optional(line.discount_amount)
          ? [{ charge: false, amount: exact(line.discount_amount) }]
          : [],
      ...lineCategory(line.tax_category, line.tax_rate),
    })),
    tax_breakdown: json.tax_breakdown.map(taxRowExpected),
    totals: {
      subtotal: exact(json.subtotal),
      discount_amount: optional(json.discount_amount),
      // The document discount, one allowance (BG-20) per rate it was spread over: BT-107 = Σ BT-92 (BR-CO-11).
      allowances: optional(json.discount_amount),
      taxable_amount: exact(json.taxable_amount),
      tax_amount: exact(json.tax_amount),
      total_amount: exact(json.total_amount),
      amount_paid: optional(json.amount_paid),
      // BT-115 = BT-112 − BT-113: the invoice as issued; credits would come as credit notes (none here).
      amount_due: exact(json.amount_due),
      accounting_currency: json.accounting_currency,
      tax_amount_in_accounting_currency: exact(json.tax_total_in_accounting_currency),
    },
    // BT-83: the payment reference as written (no spaces, an OGM's twelve digits alone), else the number.
    payment: paymentExpected(
      json,
      json.payment_reference?.replace(/[ +/]/g, '') ?? json.invoice_number,
      json.terms || null,
    ),
  };
}

function creditNoteExpected(json: CreditNoteJson, invoice: InvoiceJson, format: Format): Terms {
  const { buyer_reference, purchase_order, supply_date: delivery_date, service_period } = invoice;
  return {
    document_type: 'credit_note',
    type_code: '381',
    number: json.credit_note_number,
    ...{ issue_date: json.issue_date, due_date: null, currency: json.currency },
    notes: json.memo ? [json.memo] : [],
    // A credit note carries its invoice's references and supply (BT-10, BT-13, BT-72, BG-14), which
    // the credit note's resource does not repeat: the invoice's JSON says them.
    ...{ buyer_reference, purchase_order, delivery_date, service_period },
    preceding_invoices: [{ number: json.invoice.number, issue_date: json.invoice.issue_date }],
    ...partiesOf(json, format),
    line_items: json.line_items.map((line) => ({
      description: line.description,
      // A credit by amount has no quantity; BT-129 and BT-130 are mandatory: one, of the default unit.
      quantity: exact(line.quantity === null ? '1' : decimalTextOf(line.quantity)),
      unit: line.unit ?? DEFAULT_UNIT,
      // The JSON's unit price is the invoice's (gross where its prices include tax): BT-146 is derived.
      unit_price: NET_PRICE,
      price_base_quantity: null,
      net_amount: exact(line.net_amount),
      allowances: [],
      ...lineCategory(line.tax_category, line.tax_rate),
    })),
    tax_breakdown: json.tax_breakdown.map(taxRowExpected),
    totals: {
      subtotal: exact(json.subtotal),
      discount_amount: null,
      allowances: null,
      // No document allowance on a credit note: BT-109 = BT-106; nothing paid on it: BT-115 = BT-112.
      taxable_amount: exact(json.subtotal),
      tax_amount: exact(json.tax_amount),
      total_amount: exact(json.total_amount),
      amount_paid: null,
      amount_due: exact(json.total_amount),
      accounting_currency: json.accounting_currency,
      tax_amount_in_accounting_currency: exact(json.tax_total_in_accounting_currency),
    },
    payment: paymentExpected(json, json.credit_note_number, null),
  };
}

/** One file the service wrote, and the terms its JSON says. */
type Written = { name: string; bytes: Uint8Array; expected: Terms; netPrices: boolean };

const ready = (format: Format, invoice: Invoice) =>
  eInvoiceGaps(format, { ...invoice, rows: taxBreakdownOf(invoice) }).length === 0;
/** The file the service serves and sends for the document: the XML, or the Factur-X PDF. */
const bytesOf = ({ content }: EInvoiceFile) =>
  typeof content === 'string' ? new TextEncoder().encode(content) : content;

/** Each ready invoice in the format, and the credit note of it (by its first line or by an amount). */
async function documentsIn(format: Format): Promise<Written[]> {
  const written: Written[] = [];
  const candidates = invoices.flatMap((invoice, index) => (ready(format, invoice) ? [{ invoice, index }] : []));
  for (const { invoice, index } of format === 'factur-x' ? candidates.slice(0, FACTUR_X_INVOICES) : candidates) {
    const json = invoiceResource(invoice, BASE_URL);
    written.push({
      name: `${format} invoice ${index}`,
      bytes: bytesOf(await invoiceEInvoice(format, { invoice }, BASE_URL)),
      expected: invoiceExpected(json, format),
      netPrices: !invoice.prices_include_tax,
    });
    const credited = creditNoteOf(invoice, index % 2 === 0);
    if (!credited) continue;
    // A credit note keeps its invoice's accounting currency and rate (shared/domain/credit-note.ts).
    const { accounting_currency, exchange_rate } = invoice;
    const creditNote = { ...credited, ...(exchange_rate ? { accounting_currency, exchange_rate } : {}) };
    written.push({
      name: `${format} credit note ${index}`,
      bytes: bytesOf(await creditNoteEInvoice(format, { creditNote }, BASE_URL)),
      expected: creditNoteExpected(creditNoteResource(creditNote, BASE_URL), json, format),
      netPrices: false,
    });
  }
  return written;
}

const documents = new Map(await Promise.all(FORMATS.map(async (each) => [each, await documentsIn(each)] as const)));

/** What the reader must say of the file besides its view: syntax, container, claimed profile. */
function kindOf(format: Format, creditNote: boolean) {
  const ubl = format === 'ubl' || format === 'xrechnung-ubl' || format === 'peppol';
  const syntax = ubl ? (creditNote ? 'ubl-credit-note' : 'ubl-invoice') : 'cii';
  const container = format === 'factur-x' ? 'pdf' : 'xml';
  if (format === 'peppol') return { syntax, container, profile: 'peppol-bis-billing-3' };
  return { syntax, container, profile: format.startsWith('xrechnung') ? 'xrechnung-3' : 'en16931' };
}

/** Amounts with at least two fraction digits; quantities, prices and rates without trailing zeros. */
function formProblems(view: IncomingView): string[] {
  const { line_items: lines, tax_breakdown: rows } = view;
  const amounts = [
    ...[view.subtotal, view.discount_amount, view.taxable_amount, view.tax_amount, view.total_amount],
    ...[view.amount_paid, view.amount_due, ...lines.map((line) => line.net_amount)],
    ...rows.flatMap((row) => [row.taxable_amount, row.tax_amount]),
  ];
  const trimmed = [
    ...lines.flatMap((line) => [line.quantity, line.unit_price, line.price_base_quantity, line.tax_rate]),
    ...rows.map((row) => row.tax_rate),
  ];
  return [
    ...amounts.filter((text) => text !== null && !/^-?\d+\.\d{2,}$/.test(text)).map((text) => `amount ${text}`),
    ...trimmed.filter((text) => text !== null && !/^-?\d+(\.\d*[1-9])?$/.test(text)).map((text) => `decimal ${text}`),
  ];
}

describe('e-invoices read back by the service', () => {
  it('are many, in every format, of both kinds and both price kinds', () => {
    for (const format of FORMATS) {
      const minimum = format === 'factur-x' ? FACTUR_X_INVOICES : 30;
      const [invoiced, credited] = (['invoice', 'credit_note'] as const).map((kind) =>
        documents.get(format)!.filter((each) => each.expected.document_type === kind),
      );
      expect([invoiced!.length >= minimum, credited!.length >= minimum / 2], format).toEqual([true, true]);
      expect(new Set(invoiced!.map((each) => each.netPrices)).size, format).toBe(2);
    }
    const all = [...documents.values()].flat().map((each) => each.expected);
    const lines = all.flatMap((each) => each.line_items);
    expect(new Set(lines.map((line) => line.tax_category))).toEqual(new Set(['S', 'Z', 'E', 'AE', 'K', 'G', 'O']));
    expect(lines.some((line) => line.allowances.length > 0)).toBe(true);
    expect(all.filter((each) => each.totals.accounting_currency).length).toBeGreaterThan(20);
    expect(all.filter((each) => each.totals.allowances).length).toBeGreaterThan(20);
    const corrections = all.filter((each) => each.document_type === 'invoice' && each.preceding_invoices.length);
    expect(corrections.length).toBeGreaterThan(20);
  });

  it.each(FORMATS)('as the outgoing JSON: every %s document', async (format) => {
    for (const { name, bytes, expected, netPrices } of documents.get(format)!) {
      const read = await readEInvoice(bytes, format === 'factur-x' ? 'application/pdf' : 'application/xml');
      const { syntax, container, profile } = read;
      expect({ syntax, container, profile }, name).toEqual(kindOf(format, expected.document_type === 'credit_note'));
      expect(formProblems(read.view), name).toEqual([]);
      expect(termsOf(read.view, netPrices), name).toEqual(expected);
    }
  }, 60_000);

  it('and the comparison sees a cent: one line amount off in the file is caught', async () => {
    const { bytes, expected, netPrices } = documents.get('cii')!.find((each) => each.netPrices)!;
    const xml = new TextDecoder().decode(bytes);
    const cent = (_: string, head: string, last: string) => `${head}${(Number(last) + 1) % 10}`;
    const tampered = xml.replace(/(<ram:LineTotalAmount>\d+\.\d)(\d)/, cent);
    expect(tampered).not.toBe(xml);
    const read = await readEInvoice(new TextEncoder().encode(tampered), 'application/xml');
    expect(termsOf(read.view, netPrices)).not.toEqual(expected);
  });
});
