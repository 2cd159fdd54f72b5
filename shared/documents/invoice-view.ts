// What an invoice document says, worded and formatted once for the PDF, the public page and the
// e-mail: labels in the document's language, numbers, dates and money by Intl in its locale. Every
// amount starts as the API's exact decimal string; Intl formats strings exactly (no floating point).
import type { invoiceResource } from '#shared/domain/resources/invoice';
import type { Logo } from '#shared/domain/logo';
import { DEFAULT_EXEMPTION, type TaxCategory } from '#shared/domain/tax';
import { epcPayload } from '#shared/documents/epc-qr';
import { wordsFor } from '#shared/documents/labels';

export type InvoiceResource = ReturnType<typeof invoiceResource>;

export type InvoiceDocument = { invoice: InvoiceResource; logo?: Logo; locale?: string };

/** Common unit codes printed as the reader knows them; any other prints as its code. */
const UNIT_SYMBOLS: Record<string, string> = {
  C62: '',
  H87: '',
  HUR: 'h',
  MIN: 'min',
  DAY: 'd',
  WEE: 'wk',
  MON: 'mo',
  ANN: 'yr',
  KGM: 'kg',
  GRM: 'g',
  MTR: 'm',
  KMT: 'km',
  MTK: 'm²',
  MTQ: 'm³',
  LTR: 'l',
  KWH: 'kWh',
};

export function invoiceView({ invoice, logo, locale: given }: InvoiceDocument) {
  const locale = given ?? invoice.locale;
  const words = wordsFor(locale);
  const money = new Intl.NumberFormat(locale, { style: 'currency', currency: invoice.currency });
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: 4 });
  const percent = new Intl.NumberFormat(locale, { style: 'unit', unit: 'percent', maximumFractionDigits: 4 });
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  const amount = (value: string) => money.format(value as unknown as number);
  const date = (value: string) => {
    const [year, month, day] = value.split('-').map(Number);
    return dates.format(Date.UTC(year!, month! - 1, day!));
  };
  const rateText = (category: TaxCategory, rate: string) =>
    category === 'S' ? percent.format(rate as unknown as number) : words.categories[category];
  const exemptionText = (category: TaxCategory, reason: string | null) => {
    const standard = DEFAULT_EXEMPTION[category];
    return reason ?? (standard ? words.exemptions[standard] : null);
  };

  const seller = invoice.seller;
  const buyer = invoice.buyer;
  const addressLines = (
    address: {
      line1: string;
      line2?: string;
      postal_code: string;
      city: string;
      state?: string;
      country: string;
    } | null,
  ) =>
    address
      ? [
          address.line1,
          address.line2,
          `${address.postal_code} ${address.city}`,
          address.state,
          regionName(locale, address.country),
        ]
      : [];
  const sellerBlock = {
    name: seller?.name ?? invoice.client.name,
    lines: [
      ...addressLines(seller?.address ?? null),
      seller?.tax_id && `${words.vatId}: ${seller.tax_id}`,
      seller?.registration_number && `${words.registration}: ${seller.registration_number}`,
      seller?.email,
      seller?.phone,
      seller?.website,
    ].filter((line): line is string => Boolean(line)),
  };
  const buyerBlock = {
    name: buyer?.name ?? invoice.client.name,
    lines: [
      buyer?.address,
      buyer && [buyer.postal_code, buyer.city].filter(Boolean).join(' '),
      buyer?.state,
      buyer?.country && regionName(locale, buyer.country),
      buyer?.tax_id && `${words.vatId}: ${buyer.tax_id}`,
    ].filter((line): line is string => Boolean(line)),
  };

  const facts: [string, string][] = [
    [words.invoiceNumber, invoice.invoice_number],
    [words.issueDate, date(invoice.issue_date)],
    ...(invoice.supply_date ? [[words.supplyDate, date(invoice.supply_date)] as [string, string]] : []),
    ...(invoice.service_period
      ? [
          [words.servicePeriod, `${date(invoice.service_period.start)} – ${date(invoice.service_period.end)}`] as [
            string,
            string,
          ],
        ]
      : []),
    [words.dueDate, date(invoice.due_date)],
  ];

  const lines = invoice.line_items.map((line) => {
    const unit = UNIT_SYMBOLS[line.unit] ?? line.unit;
    return {
      description: line.description,
      quantity: `${number.format(String(line.quantity) as unknown as number)}${unit ? ` ${unit}` : ''}`,
      unitPrice: amount(line.unit_price),
      discount: line.discount
        ? 'percent' in line.discount
          ? `−${percent.format(line.discount.percent as unknown as number)}`
          : `−${amount(line.discount.amount)}`
        : '',
      tax: rateText(line.tax_category, line.tax_rate),
      net: amount(line.net_amount),
    };
  });

  const breakdown = invoice.tax_breakdown.map((row) => {
    const label = rateText(row.tax_category, row.tax_rate);
    const note = exemptionText(row.tax_category, row.tax_exemption_reason);
    return {
      label,
      taxable: amount(row.taxable_amount),
      tax: amount(row.tax_amount),
      note: note === label ? null : note,
    };
  });

  const hasDiscount = invoice.discount_amount !== '0.00';
  const totals: { label: string; value: string; strong?: boolean; key: string }[] = [
    { key: 'subtotal', label: words.subtotal, value: amount(invoice.subtotal) },
    ...(hasDiscount
      ? [
          { key: 'discount', label: words.documentDiscount, value: `−${amount(invoice.discount_amount)}` },
          { key: 'taxable', label: words.taxableAmount, value: amount(invoice.taxable_amount) },
        ]
      : []),
    { key: 'tax', label: words.taxAmount, value: amount(invoice.tax_amount) },
    { key: 'total', label: words.total, value: amount(invoice.total_amount), strong: true },
    ...(invoice.amount_paid !== '0.00' ? [{ key: 'paid', label: words.paid, value: amount(invoice.amount_paid) }] : []),
    ...(invoice.amount_credited !== '0.00'
      ? [{ key: 'credited', label: words.credited, value: `−${amount(invoice.amount_credited)}` }]
      : []),
    { key: 'due', label: words.amountDue, value: amount(invoice.amount_due), strong: true },
  ];

  const instructions = seller?.payment_instructions ?? null;
  const open =
    invoice.status !== 'paid' &&
    invoice.status !== 'void' &&
    invoice.status !== 'credited' &&
    invoice.amount_due !== '0.00';
  const payment = instructions
    ? {
        lines: [
          instructions.account_name && `${words.accountHolder}: ${instructions.account_name}`,
          instructions.iban && `IBAN: ${instructions.iban.replace(/(.{4})(?=.)/g, '$1 ')}`,
          instructions.bic && `BIC: ${instructions.bic}`,
          `${words.reference}: ${invoice.invoice_number}`,
          instructions.text,
        ].filter((line): line is string => Boolean(line)),
        // The EPC QR code (SEPA credit transfer) only for euros still due to an IBAN.
        qr:
          open && invoice.currency === 'EUR' && instructions.iban
            ? epcPayload({
                name: instructions.account_name ?? sellerBlock.name,
                iban: instructions.iban,
                bic: instructions.bic,
                amount: invoice.amount_due,
                reference: invoice.invoice_number,
              })
            : null,
      }
    : null;

  return {
    locale,
    lang: locale.slice(0, 2),
    words,
    logo: logo ?? null,
    title: `${words.invoice} ${invoice.invoice_number}`,
    mark:
      { paid: words.markPaid, void: words.markVoid, credited: words.markCredited }[
        invoice.status as 'paid' | 'void' | 'credited'
      ] ?? null,
    settled:
      invoice.status === 'paid' || invoice.status === 'void' || invoice.status === 'credited' ? invoice.status : null,
    seller: sellerBlock,
    buyer: buyerBlock,
    facts,
    lines,
    showDiscounts: lines.some((line) => line.discount),
    breakdown,
    totals,
    payment,
    payable: open,
    amountDue: amount(invoice.amount_due),
    dueDate: date(invoice.due_date),
    notes: invoice.notes,
    terms: invoice.terms,
  };
}

export type InvoiceView = ReturnType<typeof invoiceView>;

const regionName = (locale: string, code: string) =>
  new Intl.DisplayNames([locale], { type: 'region' }).of(code) ?? code;
