// What each export's CSV holds: its columns, and one row per document, payment or client. Money is
// an exact two-decimal string; dates as the API writes them.
import type { Client } from '#shared/domain/client';
import type { CreditNote } from '#shared/domain/credit-note';
import { type Cell, amount } from '#shared/domain/csv';
import { formatMinor } from '#shared/domain/decimal';
import type { ExportKind } from '#shared/domain/export';
import type { Invoice } from '#shared/domain/invoice';
import { amountDue, settlementOf } from '#shared/domain/invoice-lifecycle';
import type { Payment } from '#shared/domain/payment';

const money = (minor: number | undefined) => amount(formatMinor(minor ?? 0));

const invoiceRow = (invoice: Invoice): Cell[] => [
  invoice.invoice_number,
  invoice.id,
  invoice.status,
  invoice.issue_date,
  invoice.due_date,
  invoice.client_id,
  invoice.client_name,
  invoice.currency,
  money(invoice.subtotal_minor),
  money(invoice.discount_minor),
  money(invoice.tax_amount_minor),
  money(invoice.total_amount_minor),
  money(invoice.amount_paid_minor),
  money(invoice.amount_credited_minor),
  amount(formatMinor(amountDue(settlementOf(invoice)))),
  invoice.buyer_reference ?? '',
  invoice.purchase_order ?? '',
];

const creditNoteRow = (note: CreditNote): Cell[] => [
  note.credit_note_number,
  note.id,
  note.issue_date,
  note.invoice_number,
  note.invoice_id,
  note.client_id,
  note.client_name,
  note.currency,
  note.reason,
  money(note.subtotal_minor),
  money(note.tax_amount_minor),
  money(note.total_amount_minor),
  money(note.refunded_minor),
];

/** A payment with the number of the invoice it paid. */
export type ExportedPayment = Payment & { invoice_number: string };

const paymentRow = (payment: ExportedPayment): Cell[] => [
  payment.id,
  payment.paid_at,
  payment.invoice_number,
  payment.invoice_id,
  payment.currency,
  money(payment.amount_minor),
  payment.method,
  payment.reference ?? '',
  payment.provider,
];

const clientRow = (client: Client): Cell[] => [
  client.id,
  client.name,
  client.email,
  client.phone ?? '',
  client.address ?? '',
  client.city ?? '',
  client.state ?? '',
  client.postal_code ?? '',
  client.country ?? '',
  client.tax_id ?? '',
  client.is_active ? 'true' : 'false',
  client.created_at,
];

/** One file of an archive export (docs/archive.md "Data access"): the document it is of and its archived record. */
export type ArchiveIndexRow = {
  number: string;
  date: string;
  type: 'invoice' | 'credit_note';
  counterparty: string;
  currency: string;
  net_minor: number;
  tax_minor: number;
  total_minor: number;
  file_name: string;
  format: string;
  sha256: string;
  record_id: string;
};

const archiveRow = (row: ArchiveIndexRow): Cell[] => [
  row.number,
  row.date,
  row.type,
  row.counterparty,
  row.currency,
  money(row.net_minor),
  money(row.tax_minor),
  money(row.total_minor),
  row.file_name,
  row.format,
  row.sha256,
  row.record_id,
];

type Rows = {
  archive: ArchiveIndexRow;
  invoices: Invoice;
  credit_notes: CreditNote;
  payments: ExportedPayment;
  clients: Client;
};

export const CSV_LAYOUT: { [K in ExportKind]: { columns: readonly string[]; row: (item: Rows[K]) => Cell[] } } = {
  invoices: {
    columns: [
      'invoice_number',
      'id',
      'status',
      'issue_date',
      'due_date',
      'client_id',
      'client_name',
      'currency',
      'subtotal',
      'discount',
      'tax_amount',
      'total_amount',
      'amount_paid',
      'amount_credited',
      'amount_due',
      'buyer_reference',
      'purchase_order',
    ],
    row: invoiceRow,
  },
  credit_notes: {
    columns: [
      'credit_note_number',
      'id',
      'issue_date',
      'invoice_number',
      'invoice_id',
      'client_id',
      'client_name',
      'currency',
      'reason',
      'subtotal',
      'tax_amount',
      'total_amount',
      'refunded',
    ],
    row: creditNoteRow,
  },
  payments: {
    columns: ['id', 'paid_at', 'invoice_number', 'invoice_id', 'currency', 'amount', 'method', 'reference', 'provider'],
    row: paymentRow,
  },
  archive: {
    columns: [
      'number',
      'date',
      'type',
      'counterparty',
      'currency',
      'net',
      'tax',
      'total',
      'file_name',
      'format',
      'sha256',
      'record_id',
    ],
    row: archiveRow,
  },
  clients: {
    columns: [
      'id',
      'name',
      'email',
      'phone',
      'address',
      'city',
      'state',
      'postal_code',
      'country',
      'tax_id',
      'is_active',
      'created_at',
    ],
    row: clientRow,
  },
};
