// The invoice list with every filter: status, client, issue dates and template through the invoice
// indexes; metadata through its index; `q` through the search terms. A page costs a bounded number
// of requests whatever the organization's size (docs/api.md "Search").
import { searchEntries, type SearchEntry } from '#shared/data/invoice-search';
import { type InvoiceFilter, invoicesWithIds, invoicesWithMetadata, listInvoices } from '#shared/data/invoices';
import type { Db } from '#shared/data/table';
import type { Invoice } from '#shared/domain/invoice';
import { searchRanges, searchTermsOf, showsHere } from '#shared/domain/invoice-search';
import { hasMetadata, type Metadata } from '#shared/domain/metadata';

export type InvoiceQuery = InvoiceFilter & { metadata?: Metadata; q?: string };
type Position = Record<string, unknown>;
type Page = { limit: number; startKey?: Position };

const matching = (query: InvoiceQuery) => (invoice: Invoice) =>
  (!query.status || invoice.status === query.status) &&
  (!query.clientId || invoice.client_id === query.clientId) &&
  (!query.issueDateFrom || invoice.issue_date >= query.issueDateFrom) &&
  (!query.issueDateTo || invoice.issue_date <= query.issueDateTo) &&
  (!query.recurringId || invoice.recurring_id === query.recurringId) &&
  hasMetadata(invoice.metadata, query.metadata ?? {});

export async function findInvoices(db: Db, organizationId: string, query: InvoiceQuery, page: Page) {
  if (query.q) return searchInvoices(db, organizationId, query.q, matching(query), page);
  if (query.metadata && Object.keys(query.metadata).length > 0)
    return invoicesWithMetadata(db, organizationId, query.metadata, page, matching(query));
  return listInvoices(db, organizationId, query, page);
}

/**
 * At most one Query per meaning of `q` (number, name, amount: three) and one BatchGetItem per page.
 * The position names the range reached and where in it.
 */
async function searchInvoices(
  db: Db,
  organizationId: string,
  q: string,
  matches: (invoice: Invoice) => boolean,
  page: Page,
): Promise<{ items: Invoice[]; position?: Position }> {
  const ranges = searchRanges(q);
  const start = (page.startKey ?? { range: 0 }) as { range: number; key?: Position };
  const entries: (SearchEntry & { range: number })[] = [];
  let position: Position | undefined;
  for (let range = start.range, key = start.key; range < ranges.length; range++, key = undefined) {
    if (entries.length >= page.limit) {
      position = { range, ...(key ? { key } : {}) };
      break;
    }
    const read = await searchEntries(db, organizationId, ranges[range]!, {
      limit: page.limit - entries.length,
      startKey: key,
    });
    entries.push(...read.entries.map((entry) => ({ ...entry, range })));
    if (read.position) {
      position = { range, key: read.position };
      break;
    }
  }
  const ids = [...new Set(entries.map((entry) => entry.invoiceId))];
  const invoices = new Map(
    (await invoicesWithIds(db, organizationId, ids)).map((invoice) => [
      invoice.id,
      { invoice, terms: searchTermsOf(invoice) },
    ]),
  );
  const items = entries.flatMap(({ range, term, invoiceId }) => {
    const found = invoices.get(invoiceId);
    return found && showsHere(ranges, range, found.terms, term) && matches(found.invoice) ? [found.invoice] : [];
  });
  return { items, ...(position ? { position } : {}) };
}
