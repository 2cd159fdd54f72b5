// How a credit note looks in responses and events: money as two-decimal strings, the invoice it
// corrects as {id, number}.
import type { CreditNote } from '#shared/domain/credit-note';
import { formatMinor } from '#shared/domain/decimal';
import { peppolSendingResource } from '#shared/domain/peppol-sending';
import { sendingResource } from '#shared/domain/resources/email';
import { buyerResource, inAccountingCurrency, sellerResource } from '#shared/domain/resources/invoice';

const money = (minor: number) => formatMinor(minor);

export const publicCreditNoteUrl = (publicBaseUrl: string, token: string) =>
  `${publicBaseUrl}/api/v1/public/credit-notes/${token}/`;

export const creditNoteResource = (creditNote: CreditNote, publicBaseUrl: string) => ({
  id: creditNote.id,
  credit_note_number: creditNote.credit_note_number,
  invoice: {
    id: creditNote.invoice_id,
    number: creditNote.invoice_number,
    issue_date: creditNote.invoice_issue_date,
    due_date: creditNote.invoice_due_date,
  },
  client: { id: creditNote.client_id, name: creditNote.client_name },
  issue_date: creditNote.issue_date,
  currency: creditNote.currency,
  locale: creditNote.locale ?? 'en',
  seller: creditNote.seller ? sellerResource(creditNote.seller) : null,
  buyer: creditNote.buyer ? buyerResource(creditNote.buyer) : null,
  reason: creditNote.reason,
  memo: creditNote.memo ?? '',
  line_items: creditNote.line_items.map((line) => ({
    invoice_line: line.line,
    description: line.description,
    quantity: line.quantity === undefined ? null : Number(line.quantity),
    unit: line.unit ?? null,
    unit_price: line.unit_price ?? null,
    tax_category: line.tax_category,
    tax_rate: line.tax_rate,
    net_amount: money(line.net_minor),
    tax_amount: money(line.tax_minor),
    total: money(line.total_minor),
  })),
  subtotal: money(creditNote.subtotal_minor),
  tax_amount: money(creditNote.tax_amount_minor),
  total_amount: money(creditNote.total_amount_minor),
  amount_refunded: money(creditNote.refunded_minor ?? 0),
  ...inAccountingCurrency(creditNote, creditNote.tax_breakdown),
  sendings: [
    ...(creditNote.sendings ?? []).map((sending) => ({ channel: 'email' as const, ...sendingResource(sending) })),
    ...(creditNote.peppol_sendings ?? []).map(peppolSendingResource),
  ],
  public_url: publicCreditNoteUrl(publicBaseUrl, creditNote.public_token),
  pdf_url: `${publicCreditNoteUrl(publicBaseUrl, creditNote.public_token)}pdf/`,
  metadata: creditNote.metadata ?? {},
  created_at: creditNote.created_at,
});
