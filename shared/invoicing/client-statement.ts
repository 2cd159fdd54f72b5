// A client's statement of account: its issued invoices (late fees among them), their credit notes,
// payments and refunds, read and laid out by shared/domain/statement.ts; and what printing it takes.
import { creditNotesOfInvoice } from '#shared/data/credit-notes';
import { allInvoicesOfClient, clientWithOrganization } from '#shared/data/invoices';
import { getLogo } from '#shared/data/organizations';
import { keptPayments } from '#shared/data/payments';
import { refundsOfCreditNote } from '#shared/data/refunds';
import type { Db } from '#shared/data/table';
import { dateIn } from '#shared/domain/dates';
import { notFound, validationError } from '#shared/domain/errors';
import type { Client } from '#shared/domain/client';
import { buyerOf, sellerOf, type Invoice } from '#shared/domain/invoice';
import { timeZoneOf, type Organization } from '#shared/domain/organization';
import { buyerResource, sellerResource } from '#shared/domain/resources/invoice';
import type { StatementResource } from '#shared/domain/resources/statement';
import { logoText, type RenderRequest } from '#shared/documents/render-requests';
import { statementOf, type StatementEntry } from '#shared/domain/statement';

/** What one invoice adds to the statement: itself, its payments, its credit notes and their refunds. */
async function entriesOf(db: Db, organizationId: string, invoice: Invoice, zone: string): Promise<StatementEntry[]> {
  const [payments, creditNotes] = await Promise.all([
    // A payment is written in one transaction with the amount it adds to the invoice: none paid, none to read.
    (invoice.amount_paid_minor ?? 0) > 0 ? keptPayments(db, organizationId, invoice.id) : [],
    creditNotesOfInvoice(db, organizationId, invoice),
  ]);
  const refunds = (
    await Promise.all(creditNotes.map((note) => refundsOfCreditNote(db, organizationId, note.id)))
  ).flat();
  const about = { invoice_id: invoice.id, currency: invoice.currency };
  return [
    {
      ...about,
      date: invoice.issue_date,
      type: invoice.preceding_invoice ? 'late_fee' : 'invoice',
      document_id: invoice.id,
      number: invoice.invoice_number,
      amount_minor: invoice.total_amount_minor,
    },
    ...payments.map((payment) => ({
      ...about,
      date: dateIn(zone, new Date(payment.paid_at)),
      type: 'payment' as const,
      document_id: payment.id,
      number: payment.reference ?? invoice.invoice_number,
      amount_minor: -payment.amount_minor,
    })),
    ...creditNotes.map((note) => ({
      ...about,
      date: note.issue_date,
      type: 'credit_note' as const,
      document_id: note.id,
      number: note.credit_note_number,
      amount_minor: -note.total_amount_minor,
    })),
    // A refund still pending is counted: the invoice counts it as paid back until the provider refuses it.
    ...refunds
      .filter((refund) => refund.status !== 'failed')
      .map((refund) => ({
        ...about,
        date: dateIn(zone, new Date(refund.refunded_at)),
        type: 'refund' as const,
        document_id: refund.id,
        number: refund.reference ?? invoice.invoice_number,
        amount_minor: refund.amount_minor,
      })),
  ];
}

export async function clientStatement(
  db: Db,
  organizationId: string,
  clientId: string,
  period: { from?: string; to?: string },
  now = new Date(),
) {
  // The client and its organization in one read, beside the client's invoices.
  const [{ client, organization }, invoices] = await Promise.all([
    clientWithOrganization(db, organizationId, clientId),
    allInvoicesOfClient(db, organizationId, clientId),
  ]);
  if (!client) throw notFound('Client');
  const zone = timeZoneOf(organization);
  const to = period.to ?? dateIn(zone, now);
  const from = period.from ?? '0000-01-01';
  if (from > to) throw validationError({ from: 'may not be after to' });
  // Drafts are not documents yet, and a void invoice was never owed.
  const issued = invoices.filter((invoice) => invoice.status !== 'draft' && invoice.status !== 'void');
  const entries = (await Promise.all(issued.map((invoice) => entriesOf(db, organizationId, invoice, zone)))).flat();
  const dueDates = new Map(issued.map((invoice) => [invoice.id, invoice.due_date]));
  const currencies = statementOf(entries, dueDates, { from, to });
  return { client, organization: organization!, from: period.from ?? null, to, currencies };
}

/** The statement as the document renderer prints it: in the client's language, on the organization's letterhead. */
export async function printedStatement(
  db: Db,
  { client, organization }: { client: Client; organization: Organization },
  statement: StatementResource,
  publicBaseUrl: string,
): Promise<RenderRequest> {
  return {
    kind: 'statement-pdf',
    statement,
    seller: sellerResource(sellerOf(organization)),
    buyer: buyerResource(buyerOf(client)),
    locale: client.locale ?? organization.locale ?? 'en',
    logo: logoText(await getLogo(db, organization.id)),
    publicBaseUrl,
  };
}
