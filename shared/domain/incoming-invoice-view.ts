// What a received e-invoice says, in the API's own shapes: the view every reader (UBL, CII, the XML
// inside a Factur-X PDF) produces. Values are the document's, never computed: amounts as decimal
// strings with at least two fraction digits, quantities and prices without trailing zeros, dates as
// YYYY-MM-DD. A term the document leaves out is null (or an empty list). Names follow the outgoing
// invoice's where the two mean the same (EN 16931 business terms in the comments).

export type IncomingAddress = {
  line1: string | null; // BT-35 / BT-50
  line2: string | null; // BT-36 / BT-51
  line3: string | null; // BT-162 / BT-163
  city: string | null; // BT-37 / BT-52
  postal_code: string | null; // BT-38 / BT-53
  state: string | null; // BT-39 / BT-54
  country: string | null; // BT-40 / BT-55
};

export type IncomingContact = { name: string | null; phone: string | null; email: string | null };

export type IncomingParty = {
  name: string | null; // BT-27 / BT-44
  trading_name: string | null; // BT-28 / BT-45
  tax_id: string | null; // BT-31 / BT-48: the VAT identifier
  tax_registration_id: string | null; // BT-32
  registration_number: string | null; // BT-30 / BT-47
  /** BT-34 / BT-49 as `scheme:identifier` (a Peppol participant id where the scheme is an EAS code). */
  electronic_address: string | null;
  address: IncomingAddress | null;
  contact: IncomingContact | null;
};

export type IncomingPeriod = { start: string | null; end: string | null };

export type IncomingAllowanceCharge = {
  charge: boolean; // BT-8x ChargeIndicator: false for an allowance
  amount: string; // BT-92 / BT-99 / BT-136 / BT-141
  base_amount: string | null;
  percentage: string | null;
  reason: string | null;
  reason_code: string | null;
  tax_category: string | null;
  tax_rate: string | null;
};

export type IncomingLine = {
  id: string; // BT-126
  description: string | null; // BT-153 item name
  item_description: string | null; // BT-154
  note: string | null; // BT-127
  quantity: string; // BT-129
  unit: string | null; // BT-130
  unit_price: string | null; // BT-146
  price_base_quantity: string | null; // BT-149
  net_amount: string; // BT-131
  tax_category: string | null; // BT-151
  tax_rate: string | null; // BT-152
  period: IncomingPeriod | null; // BG-26
  allowances_charges: IncomingAllowanceCharge[]; // BG-27, BG-28
};

export type IncomingTaxRow = {
  tax_category: string; // BT-118
  tax_rate: string | null; // BT-119
  taxable_amount: string; // BT-116
  tax_amount: string; // BT-117
  tax_exemption_reason: string | null; // BT-120
  tax_exemption_reason_code: string | null; // BT-121
};

export type IncomingPayment = {
  means_code: string | null; // BT-81
  remittance_reference: string | null; // BT-83
  iban: string | null; // BT-84
  account_name: string | null; // BT-85
  bic: string | null; // BT-86
  terms: string | null; // BT-20
};

/** An attachment (BG-24): embedded (downloadable) or a reference to an external location. */
export type IncomingAttachmentEntry = {
  reference: string; // BT-122
  description: string | null; // BT-123
  external_url: string | null; // BT-124
  file_name: string | null; // BT-125 filename
  media_type: string | null; // BT-125 mimeCode
};

export type IncomingView = {
  document_type: 'invoice' | 'credit_note';
  type_code: string | null; // BT-3
  number: string | null; // BT-1
  issue_date: string | null; // BT-2
  due_date: string | null; // BT-9
  tax_point_date: string | null; // BT-7
  currency: string | null; // BT-5
  accounting_currency: string | null; // BT-6
  notes: string[]; // BT-22
  buyer_reference: string | null; // BT-10
  project_reference: string | null; // BT-11
  contract_reference: string | null; // BT-12
  purchase_order: string | null; // BT-13
  sales_order: string | null; // BT-14
  preceding_invoices: { number: string; issue_date: string | null }[]; // BG-3
  seller: IncomingParty;
  buyer: IncomingParty;
  delivery_date: string | null; // BT-72
  service_period: IncomingPeriod | null; // BG-14
  line_items: IncomingLine[];
  allowances_charges: IncomingAllowanceCharge[]; // BG-20, BG-21
  tax_breakdown: IncomingTaxRow[];
  subtotal: string | null; // BT-106
  discount_amount: string | null; // BT-107
  charge_amount: string | null; // BT-108
  taxable_amount: string | null; // BT-109
  tax_amount: string | null; // BT-110
  tax_amount_in_accounting_currency: string | null; // BT-111
  total_amount: string | null; // BT-112
  amount_paid: string | null; // BT-113
  rounding_amount: string | null; // BT-114
  amount_due: string | null; // BT-115
  payment: IncomingPayment | null;
  attachments: IncomingAttachmentEntry[];
};

/** UNTDID 1001 codes of credit notes (EN 16931 BT-3); every other code is an invoice. */
export const CREDIT_NOTE_TYPE_CODES = new Set(['81', '83', '381', '396', '532']);
