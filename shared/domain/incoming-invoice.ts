// A received e-invoice: the original bytes as they came, what the document claims to be, what the
// official rules say of it, what it says (the view), and the organization's decision on it. Its
// status only moves forward: received → accepted | rejected | paid, accepted → paid; a document
// that fails a fatal rule is invalid and takes no decision (docs/incoming-invoices.md).
import { createHash } from 'node:crypto';
import type { IncomingView } from '#shared/domain/incoming-invoice-view';

export const RECEIVED_MEDIA_TYPES = ['application/xml', 'application/pdf'] as const;
export type ReceivedMediaType = (typeof RECEIVED_MEDIA_TYPES)[number];
/** The largest file taken, and the most a PDF's embedded files may inflate to. */
export const MAX_RECEIVED_BYTES = 10 * 1024 * 1024;

/** Attachment types (EN 16931 BT-125 mimeCode) answered as they are; none is run by a browser. Any other: octet-stream. */
export const ATTACHMENT_MEDIA_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.oasis.opendocument.spreadsheet',
] as const;

export const INCOMING_STATUSES = ['received', 'accepted', 'rejected', 'paid', 'invalid'] as const;
export type IncomingStatus = (typeof INCOMING_STATUSES)[number];

export const INCOMING_PROFILES = [
  'en16931',
  'peppol-bis-billing-3',
  'xrechnung-3',
  'factur-x-minimum',
  'factur-x-basic-wl',
  'factur-x-basic',
  'factur-x-extended',
  'other',
  'unknown',
] as const;
export type IncomingProfile = (typeof INCOMING_PROFILES)[number];

/** The XML syntax: a UBL Invoice or CreditNote, or a CII CrossIndustryInvoice. */
export type IncomingSyntax = 'ubl-invoice' | 'ubl-credit-note' | 'cii';
/** What carried the XML: the file itself, or a PDF (Factur-X, ZUGFeRD) with it embedded. */
export type IncomingContainer = 'xml' | 'pdf';

export type IncomingSource =
  | { channel: 'upload' }
  | { channel: 'email'; message_id: string; from: string | null; subject: string | null }
  | { channel: 'peppol'; message_id: string; sender: string | null };
export type IncomingChannel = IncomingSource['channel'];

export type RuleFinding = { id: string; severity: 'fatal' | 'warning' | 'information'; text: string };

/** What the official checks said: the schema's errors, then every rule that fired. */
export type IncomingValidation = {
  passed: boolean;
  /** The rule sets that ran: always the schema and the CEN rules, plus those the profile claims. */
  checked: ('schema' | 'en16931' | 'peppol' | 'xrechnung')[];
  schema_errors: string[];
  fatal: RuleFinding[];
  warnings: RuleFinding[];
};

export type StoredFile = { key: string; sha256: string; size: number; media_type: string };

export type IncomingAttachment = {
  /** 1-based position among the document's attachments: the id in the attachment's path. */
  id: string;
  /** The embedded file as stored; absent for an external reference. */
  file?: StoredFile;
};

/** What a reading found: the view and the checks' findings. Stored with the document where it fits an item. */
export type IncomingRead = { view: IncomingView; validation: IncomingValidation };

/** What lists, filters, identity and answers to the supplier need of the view, kept on the item always. */
export type IncomingSummary = Pick<
  IncomingView,
  'document_type' | 'type_code' | 'number' | 'issue_date' | 'due_date' | 'currency' | 'total_amount' | 'amount_due'
> & {
  seller: Pick<IncomingView['seller'], 'name' | 'tax_id' | 'electronic_address'>;
  buyer: Pick<IncomingView['buyer'], 'name' | 'tax_id' | 'electronic_address'>;
  /** Whether the official checks passed: no schema error and no fatal rule. */
  passed: boolean;
  /** The fatal rules' ids, for an answer to the supplier (at most 100). */
  fatal_rules: string[];
};

export const summaryOf = ({ view, validation }: IncomingRead): IncomingSummary => ({
  document_type: view.document_type,
  type_code: view.type_code,
  number: view.number,
  issue_date: view.issue_date,
  due_date: view.due_date,
  currency: view.currency,
  total_amount: view.total_amount,
  amount_due: view.amount_due,
  seller: { name: view.seller.name, tax_id: view.seller.tax_id, electronic_address: view.seller.electronic_address },
  buyer: { name: view.buyer.name, tax_id: view.buyer.tax_id, electronic_address: view.buyer.electronic_address },
  passed: validation.passed,
  fatal_rules: [...new Set(validation.fatal.map((finding) => finding.id))].slice(0, 100),
});

/** The response codes of Peppol BIS Invoice Response 3 the inbox sends (shared/domain/invoice-response.ts). */
export type InvoiceResponseCode = 'AB' | 'AP' | 'RE' | 'PD';

/** What became of the response a status sends: sent (the access point took it), failed (it refused it), or not sent. */
export type SentResponse = {
  code: InvoiceResponseCode;
  status: 'sent' | 'failed' | 'not_sent';
  transmission_id: string | null;
  reason: string | null;
  at: string;
};

export type IncomingInvoice = {
  id: string;
  status: IncomingStatus;
  status_reason?: string;
  misaddressed: boolean;
  syntax: IncomingSyntax;
  container: IncomingContainer;
  profile: IncomingProfile;
  specification_id: string | null;
  business_process: string | null;
  original: StoredFile & { file_name: string | null };
  /** The XML inside a PDF, as stored; absent when the original is the XML. */
  xml?: StoredFile;
  summary: IncomingSummary;
  /** The reading, on the item where it fits one; else in the store (`read_file`). */
  read?: IncomingRead;
  read_file?: StoredFile;
  attachments: IncomingAttachment[];
  source: IncomingSource;
  /** Seller, number, issue date and type, hashed: what makes two arrivals the same document. */
  identity: string;
  received_at: string;
  decided_at?: string;
  /** For a document received over Peppol: the Invoice Responses its statuses sent back (invoice-response.ts). */
  responses?: SentResponse[];
  updated_at: string;
  version: number;
};

export type IncomingDecision = 'accept' | 'reject' | 'paid';

const NEXT: Record<IncomingDecision, IncomingStatus> = { accept: 'accepted', reject: 'rejected', paid: 'paid' };
const ALLOWED: Record<IncomingStatus, IncomingStatus[]> = {
  received: ['accepted', 'rejected', 'paid'],
  accepted: ['paid'],
  rejected: [],
  paid: [],
  invalid: [],
};

/** The status a decision moves to, or null when the document's status does not allow it. */
export function decided(status: IncomingStatus, decision: IncomingDecision): IncomingStatus | null {
  const next = NEXT[decision];
  return ALLOWED[status].includes(next) ? next : null;
}

const compact = (value: string) => value.replace(/[\s.\-/]/g, '').toUpperCase();

/** Who the seller is for the identity: its VAT id, else its electronic address, else its name. */
export function sellerKey(view: Pick<IncomingView, 'seller'> | IncomingSummary): string {
  const { tax_id, electronic_address, name } = view.seller;
  if (tax_id) return `vat:${compact(tax_id)}`;
  if (electronic_address) return `address:${electronic_address.toLowerCase()}`;
  return `name:${(name ?? '').trim().toLowerCase()}`;
}

/** The document's own identity: seller + number (BT-1) + issue date (BT-2) + type. */
export const identityOf = (view: IncomingSummary) =>
  createHash('sha256')
    .update(JSON.stringify([sellerKey(view), view.number ?? '', view.issue_date ?? '', view.document_type]))
    .digest('hex');

/**
 * Whether the document names another buyer than the organization: neither the buyer's VAT id nor its
 * electronic address is the organization's `tax_id` or `peppol_id`. An organization with neither set
 * flags nothing.
 */
export function misaddressed(view: IncomingSummary, organization: { tax_id?: string; peppol_id?: string }): boolean {
  if (!organization.tax_id && !organization.peppol_id) return false;
  const { tax_id, electronic_address } = view.buyer;
  const vatMatches = !!organization.tax_id && !!tax_id && compact(tax_id) === compact(organization.tax_id);
  const addressMatches =
    !!organization.peppol_id &&
    !!electronic_address &&
    electronic_address.toLowerCase() === organization.peppol_id.toLowerCase();
  return !vatMatches && !addressMatches;
}
