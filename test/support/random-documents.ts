// Random invoices and credit notes over the whole model, built with the service's own pricing and
// crediting (no table): what the e-invoice tests turn into XML and put through the official rules.
import fc from 'fast-check';
import { creditBreakdown, creditLines, type CreditNote } from '#shared/domain/credit-note';
import { priceInvoice, type Invoice, type LineItemInput } from '#shared/domain/invoice';
import type { Scaled } from '#shared/domain/decimal';
import type { TaxCategory, TaxRounding } from '#shared/domain/tax';
import { textProblem } from '#shared/http/text-policy';
import { austrianSeller, frenchBuyer } from '#test/support/eu-invoice';
import { type PaymentReferenceScheme, paymentReferenceFor } from '#shared/domain/payment-reference';

const scaled = (units: bigint, scale: number): Scaled => ({ units, scale });
type References = 'both' | 'buyer' | 'order';
const UNICODE = ['Łódź Café ✓', 'Ελληνικά', 'Кириллица', 'Tiếng Việt', '"quotes" & <angles>', 'x'.repeat(300)];
/** Text that looks like markup or escapes, in every script and plane: what a user may send, to be written as given. */
const HOSTILE = [
  'AT&amp;T &lt;Holding&gt; &#65; &#x42;',
  'Preis&nbsp;netto &copy; 5 &euro;',
  '<b>bold</b> & <!-- no comment --> <?pi?>',
  `"double" 'single' \`back\``,
  ']]> <![CDATA[ x ]]>',
  '\u202eRTL override\u202c עברית العربية',
  'e\u0301 combining a\u0308 \u200d',
  '😀 𝔘𝔫𝔦𝔠𝔬𝔡𝔢 \u{10FFFD}',
  'tab\there, line\nbreak, carriage\r\nreturn',
];
/** Any text the text policy admits, as the API stores it: trimmed, never empty. */
export const userText = fc
  .oneof(fc.constantFrom(...HOSTILE), fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }))
  .map((text) => text.trim())
  .filter((text) => text.length > 0 && textProblem(text) === undefined);

const line = (category: TaxCategory) =>
  fc.record({
    description: fc.oneof(fc.constantFrom(...UNICODE), userText),
    quantity: fc.oneof(
      fc.bigInt({ min: 1n, max: 100_000n }).map((units) => scaled(units, 2)),
      fc.bigInt({ min: 1n, max: 9999n }).map((units) => scaled(units, 4)),
    ),
    unitPrice: fc.bigInt({ min: 0n, max: 5_000_000n }).map((units) => scaled(units, 2)),
    unit: fc.constantFrom('C62', 'HUR', 'DAY', 'KGM', 'XBX'),
    taxCategory: fc.constant(category),
    taxRate:
      category === 'S'
        ? fc.constantFrom(scaled(19n, 0), scaled(7n, 0), scaled(55n, 1), scaled(2000n, 2))
        : fc.constant(scaled(0n, 0)),
    taxExemptionReason: fc.constant(category === 'E' ? 'Art. 132(1)(i) VAT directive' : undefined),
    discount: fc.option(fc.constantFrom({ percent: scaled(10n, 0) }, { percent: scaled(125n, 1) }), { nil: undefined }),
  });

const mixed = fc.constantFrom<TaxCategory[]>(
  ['S'],
  ['S', 'Z'],
  ['S', 'E'],
  ['S', 'AE'],
  ['K'],
  ['G', 'S'],
  ['E', 'AE', 'S'],
);

export const randomInvoice = fc
  .record({
    categories: fc.oneof({ weight: 9, arbitrary: mixed }, { weight: 1, arbitrary: fc.constant<TaxCategory[]>(['O']) }),
    lineCount: fc.integer({ min: 1, max: 40 }),
    seed: fc.integer(),
    discount: fc.option(fc.constantFrom({ percent: scaled(5n, 0) }, { percent: scaled(333n, 2) }), { nil: undefined }),
    prices_include_tax: fc.boolean(),
    tax_rounding: fc.constantFrom<TaxRounding>('per_line', 'per_rate'),
    currency: fc.constantFrom('EUR', 'USD', 'GBP', 'CHF', 'PLN'),
    period: fc.boolean(),
    paid: fc.boolean(),
    // Both references, or one of them: XRechnung needs the buyer's (BR-DE-15), Peppol either (R003).
    references: fc.constantFrom<References>('both', 'both', 'buyer', 'order'),
    // Peppol participant ids in schemes with and without a check of their own (GLN, Belgian, Norwegian).
    electronicAddresses: fc.option(
      fc.record({
        seller: fc.constantFrom('9915:ATU13585627', '0088:4000001000005'),
        buyer: fc.constantFrom('0009:30326504500017', '0208:0123456749', '0192:923874631', '0088:5412345000006'),
      }),
      { freq: 6, nil: undefined },
    ),
    sellerName: userText,
    buyerName: userText,
    notes: userText,
    // The structured payment reference (BT-83) of either scheme, or none: the number stands there instead.
    paymentReference: fc.option(
      fc.tuple(fc.constantFrom<PaymentReferenceScheme>('rf', 'be_ogm'), fc.integer({ min: 1, max: 9_999_999_999 })),
      { nil: undefined },
    ),
  })
  .chain((shape) =>
    fc
      .tuple(
        ...Array.from({ length: shape.lineCount }, (_, index) =>
          line(shape.categories[index % shape.categories.length]!),
        ),
      )
      .map((lines) => ({ shape, lines: lines as LineItemInput[] })),
  )
  .map(({ shape, lines }) => invoiceOf(shape, lines));

function invoiceOf(
  shape: {
    discount?: { percent: Scaled };
    prices_include_tax: boolean;
    tax_rounding: TaxRounding;
    currency: string;
    period: boolean;
    paid: boolean;
    references: References;
    electronicAddresses?: { seller: string; buyer: string } | undefined;
    sellerName: string;
    buyerName: string;
    notes: string;
    paymentReference?: [PaymentReferenceScheme, number] | undefined;
  },
  lines: LineItemInput[],
): Invoice {
  const priced = priceInvoice(lines, {
    ...(shape.discount ? { discount: shape.discount } : {}),
    prices_include_tax: shape.prices_include_tax,
    tax_rounding: shape.tax_rounding,
  });
  return {
    ...priced,
    id: 'inv_01ARZ3NDEKTSV4RRFFQ69G5FAV',
    invoice_number: `INV-2026-${String(Math.abs(priced.total_amount_minor) % 10000).padStart(4, '0')}`,
    status: 'sent',
    client_id: 'cli_01ARZ3NDEKTSV4RRFFQ69G5FAV',
    client_name: shape.buyerName,
    issue_date: '2026-11-02',
    due_date: '2026-12-02',
    ...(shape.period ? { service_period: { start: '2026-10-01', end: '2026-10-31' } } : { supply_date: '2026-10-30' }),
    currency: shape.currency,
    notes: shape.notes,
    terms: 'Net 30',
    public_token: 'token',
    created_at: '2026-11-02T10:00:00.000Z',
    updated_at: '2026-11-02T10:00:00.000Z',
    version: 1,
    ...(shape.paid ? { amount_paid_minor: Math.floor(priced.total_amount_minor / 2) } : {}),
    ...(shape.references !== 'order' ? { buyer_reference: '04011000-12345-03' } : {}),
    ...(shape.references !== 'buyer' ? { purchase_order: 'PO-4711/Ü' } : {}),
    ...(shape.paymentReference ? { payment_reference: paymentReferenceFor(...shape.paymentReference)! } : {}),
    // The parties of the EU invoice fixture, as an invoice keeps them, with their Peppol addresses or without.
    seller: {
      ...seller,
      name: shape.sellerName,
      ...(shape.electronicAddresses ? { peppol_id: shape.electronicAddresses.seller } : {}),
    },
    buyer: {
      ...buyerFields,
      name: shape.buyerName,
      ...(shape.electronicAddresses ? { peppol_id: shape.electronicAddresses.buyer } : {}),
    },
  };
}

const { legal_name: _legalName, ...seller } = austrianSeller;
const { locale: _locale, ...buyerFields } = frenchBuyer;

/** A credit note of part of the invoice: its first line by quantity, or one amount over the whole. */
export function creditNoteOf(invoice: Invoice, byLine: boolean): CreditNote | undefined {
  const quantity = invoice.line_items[0]!.quantity;
  const request = byLine
    ? { lines: [{ line: 0, quantity: { units: 1n, scale: 0 } }] }
    : { amount_minor: Math.max(1, Math.floor(invoice.total_amount_minor / 3)), description: 'Goodwill — Kulanz' };
  if (byLine && Number(quantity) < 1) return undefined;
  if (invoice.total_amount_minor === 0) return undefined;
  try {
    const credited = creditLines(invoice, request);
    if (credited.total_minor === 0) return undefined;
    return {
      id: 'cn_01ARZ3NDEKTSV4RRFFQ69G5FAV',
      credit_note_number: 'CN-000001',
      invoice_id: invoice.id,
      invoice_number: invoice.invoice_number,
      invoice_issue_date: invoice.issue_date,
      invoice_due_date: invoice.due_date,
      ...(invoice.supply_date ? { supply_date: invoice.supply_date } : {}),
      ...(invoice.service_period ? { service_period: invoice.service_period } : {}),
      ...(invoice.buyer_reference ? { buyer_reference: invoice.buyer_reference } : {}),
      ...(invoice.purchase_order ? { purchase_order: invoice.purchase_order } : {}),
      client_id: invoice.client_id,
      client_name: invoice.client_name,
      currency: invoice.currency,
      issue_date: '2026-11-20',
      reason: 'order_change',
      memo: 'Rückgabe',
      line_items: credited.line_items,
      tax_breakdown: creditBreakdown(invoice, credited.line_items),
      subtotal_minor: credited.line_items.reduce((sum, each) => sum + each.net_minor, 0),
      tax_amount_minor: credited.line_items.reduce((sum, each) => sum + each.tax_minor, 0),
      total_amount_minor: credited.total_minor,
      seller: invoice.seller,
      buyer: invoice.buyer,
      public_token: 'token',
      created_at: '2026-11-20T10:00:00.000Z',
    };
  } catch {
    return undefined;
  }
}
