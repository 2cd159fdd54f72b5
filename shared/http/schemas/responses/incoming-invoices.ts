// Received e-invoices as the API answers them (shared/domain/resources/incoming-invoice.ts). The view's
// values are the document's own text where the document writes no valid value, so its amounts are
// strings, not the API's checked money type.
import * as z from 'zod/mini';
import { INCOMING_PROFILES, INCOMING_STATUSES } from '#shared/domain/incoming-invoice';
import type { incomingInvoiceResource } from '#shared/domain/resources/incoming-invoice';
import { idOfResource, nullableText, pageOf, type Same, timestamp } from '#shared/http/schemas/responses/common';

const text = z.string();
const address = z.strictObject({
  line1: nullableText,
  line2: nullableText,
  line3: nullableText,
  city: nullableText,
  postal_code: nullableText,
  state: nullableText,
  country: nullableText,
});
const party = z
  .strictObject({
    name: nullableText,
    trading_name: nullableText,
    tax_id: nullableText,
    tax_registration_id: nullableText,
    registration_number: nullableText,
    electronic_address: nullableText,
    address: z.nullable(address),
    contact: z.nullable(z.strictObject({ name: nullableText, phone: nullableText, email: nullableText })),
  })
  .register(z.globalRegistry, { id: 'IncomingParty', description: 'A party as the received document names it' });
const period = z.strictObject({ start: nullableText, end: nullableText });
const allowanceCharge = z.strictObject({
  charge: z.boolean(),
  amount: text,
  base_amount: nullableText,
  percentage: nullableText,
  reason: nullableText,
  reason_code: nullableText,
  tax_category: nullableText,
  tax_rate: nullableText,
});
const line = z.strictObject({
  id: text,
  description: nullableText,
  item_description: nullableText,
  note: nullableText,
  quantity: text,
  unit: nullableText,
  unit_price: nullableText,
  price_base_quantity: nullableText,
  net_amount: text,
  tax_category: nullableText,
  tax_rate: nullableText,
  period: z.nullable(period),
  allowances_charges: z.array(allowanceCharge),
});
const taxRow = z.strictObject({
  tax_category: text,
  tax_rate: nullableText,
  taxable_amount: text,
  tax_amount: text,
  tax_exemption_reason: nullableText,
  tax_exemption_reason_code: nullableText,
});

export const incomingViewResponse = z
  .strictObject({
    document_type: z.enum(['invoice', 'credit_note']),
    type_code: nullableText,
    number: nullableText,
    issue_date: nullableText,
    due_date: nullableText,
    tax_point_date: nullableText,
    currency: nullableText,
    accounting_currency: nullableText,
    notes: z.array(text),
    buyer_reference: nullableText,
    project_reference: nullableText,
    contract_reference: nullableText,
    purchase_order: nullableText,
    sales_order: nullableText,
    preceding_invoices: z.array(z.strictObject({ number: text, issue_date: nullableText })),
    seller: party,
    buyer: party,
    delivery_date: nullableText,
    service_period: z.nullable(period),
    line_items: z.array(line),
    allowances_charges: z.array(allowanceCharge),
    tax_breakdown: z.array(taxRow),
    subtotal: nullableText,
    discount_amount: nullableText,
    charge_amount: nullableText,
    taxable_amount: nullableText,
    tax_amount: nullableText,
    tax_amount_in_accounting_currency: nullableText,
    total_amount: nullableText,
    amount_paid: nullableText,
    rounding_amount: nullableText,
    amount_due: nullableText,
    payment: z.nullable(
      z.strictObject({
        means_code: nullableText,
        remittance_reference: nullableText,
        iban: nullableText,
        account_name: nullableText,
        bic: nullableText,
        terms: nullableText,
      }),
    ),
    attachments: z.array(
      z.strictObject({
        reference: text,
        description: nullableText,
        external_url: nullableText,
        file_name: nullableText,
        media_type: nullableText,
      }),
    ),
  })
  .register(z.globalRegistry, {
    id: 'IncomingView',
    description:
      'What the document says (EN 16931 terms, docs/incoming-invoices.md): amounts with at least two decimals, quantities and rates trimmed, dates YYYY-MM-DD, as written where the document writes no valid value',
  });

const finding = z.strictObject({ id: text, severity: z.enum(['fatal', 'warning', 'information']), text });
const summaryParty = z.strictObject({ name: nullableText, tax_id: nullableText, electronic_address: nullableText });
const source = z.union([
  z.strictObject({ channel: z.literal('upload') }),
  z.strictObject({ channel: z.literal('email'), message_id: text, from: nullableText, subject: nullableText }),
  z.strictObject({ channel: z.literal('peppol'), message_id: text, sender: nullableText }),
]);

const sentResponse = z
  .strictObject({
    code: z.enum(['AB', 'AP', 'RE', 'PD']),
    status: z.enum(['sent', 'failed', 'not_sent']),
    transmission_id: z.nullable(z.string()),
    reason: z.nullable(z.string()),
    at: timestamp,
  })
  .register(z.globalRegistry, {
    id: 'InvoiceResponseSent',
    description:
      'A Peppol BIS Invoice Response sent back to the supplier of a document received over Peppol: `AB` on arrival, ' +
      '`AP` accepted, `RE` rejected (with the reason, or the fatal rules of an `invalid` document), `PD` paid; `sent` ' +
      'when the access point took it, `failed` when it refused it, `not_sent` when the document names no electronic ' +
      'address of its seller or no number (`reason` says which)',
  });

export const incomingInvoiceResponse = z
  .strictObject({
    id: idOfResource('inc'),
    status: z.enum(INCOMING_STATUSES),
    status_reason: nullableText,
    misaddressed: z.boolean(),
    source,
    syntax: z.enum(['ubl-invoice', 'ubl-credit-note', 'cii']),
    container: z.enum(['xml', 'pdf']),
    profile: z.enum(INCOMING_PROFILES),
    specification_id: nullableText,
    business_process: nullableText,
    document_type: z.enum(['invoice', 'credit_note']),
    type_code: nullableText,
    number: nullableText,
    issue_date: nullableText,
    due_date: nullableText,
    currency: nullableText,
    total_amount: nullableText,
    amount_due: nullableText,
    seller: summaryParty,
    buyer: summaryParty,
    passed: z.boolean(),
    fatal_rules: z.array(text),
    validation: z.nullable(
      z.strictObject({
        passed: z.boolean(),
        checked: z.array(z.enum(['schema', 'en16931', 'peppol', 'xrechnung'])),
        schema_errors: z.array(text),
        fatal: z.array(finding),
        warnings: z.array(finding),
      }),
    ),
    view: z.nullable(incomingViewResponse),
    original: z.strictObject({
      file_name: nullableText,
      media_type: text,
      size: z.number(),
      sha256: text,
      url: z.url(),
    }),
    attachments: z.array(
      z.strictObject({
        id: text,
        reference: nullableText,
        file_name: nullableText,
        media_type: nullableText,
        size: z.nullable(z.number()),
        sha256: nullableText,
        external_url: nullableText,
        url: z.nullable(z.url()),
      }),
    ),
    received_at: timestamp,
    decided_at: z.nullable(timestamp),
    responses: z.array(sentResponse),
    updated_at: timestamp,
  })
  .register(z.globalRegistry, {
    id: 'IncomingInvoice',
    description: 'A received e-invoice (docs/incoming-invoices.md)',
  });

export const incomingInvoicePage = pageOf(incomingInvoiceResponse);

const _agree: [Same<z.output<typeof incomingInvoiceResponse>, ReturnType<typeof incomingInvoiceResource>>] = [true];
