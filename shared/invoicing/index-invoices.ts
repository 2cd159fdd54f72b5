// Writes the search terms of every invoice of an organization: for invoices stored before search
// existed (`npm run index-invoices`). Idempotent; changes nothing an invoice's own writes keep.
import { putSearchTerms } from '#shared/data/invoice-search';
import { everyInvoiceOf } from '#shared/data/organization-scan';
import type { Db } from '#shared/data/table';
import { searchTermsOf } from '#shared/domain/invoice-search';

export async function indexInvoices(db: Db, organizationId: string): Promise<{ invoices: number; terms: number }> {
  const invoices = await everyInvoiceOf(db, organizationId, [
    'id',
    'invoice_number',
    'client_name',
    'total_amount_minor',
  ] as const);
  const terms = invoices.flatMap((invoice) => searchTermsOf(invoice).map((term) => ({ invoiceId: invoice.id, term })));
  await putSearchTerms(db, organizationId, terms);
  return { invoices: invoices.length, terms: terms.length };
}
