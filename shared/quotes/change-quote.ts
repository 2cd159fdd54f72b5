// The frame of every change to a stored quote, as change-invoice.ts is for invoices: read it, let the
// operation decide, write the decision with its events in one transaction on the condition that the
// quote is still the version read — decided again from a fresh read otherwise (shared/data/change.ts).
import { commitItem, existing, RACED, readDecideCommit, type Unchanged, unconditional } from '#shared/data/change';
import { changedQuoteParts, getQuote } from '#shared/data/quotes';
import type { WriteParts } from '#shared/data/table';
import type { EventType } from '#shared/domain/events';
import { pageVersionOf, type Quote } from '#shared/domain/quote';
import { quoteResource } from '#shared/domain/resources/quote';
import type { InvoicingDeps } from '#shared/invoicing/deps';

export type QuoteDecision = {
  quote: Omit<Quote, 'version' | 'updated_at'>;
  events: EventType[];
  /** Put beside `data.object` in each of the change's events. */
  eventData?: Record<string, unknown>;
  /** More of the same transaction (a suppressed address), by name: parts without a condition. */
  parts?: WriteParts<string>;
  /** Bookkeeping (a delivery report): the page's form stays valid (`page_version` unchanged). */
  bookkeeping?: boolean;
};

/** `decide` may answer `unchanged(value)`: nothing is written, and the change answers `value`. */
export async function changeQuote<Kept = never>(
  { db, publicBaseUrl }: InvoicingDeps,
  organizationId: string,
  quoteId: string,
  decide: (current: Quote) => QuoteDecision | Unchanged<Kept>,
  now = new Date(),
): Promise<Quote | Kept> {
  return readDecideCommit({
    subject: { resource: 'quote', id: quoteId },
    read: () => existing(getQuote(db, organizationId, quoteId), 'Quote'),
    decide,
    commit: async (decision: QuoteDecision, current) => {
      const version = current.version + 1;
      const quote: Quote = {
        ...decision.quote,
        updated_at: now.toISOString(),
        version,
        page_version: decision.bookkeeping ? pageVersionOf(current) : version,
      };
      const written = unconditional(
        await commitItem(
          db,
          organizationId,
          {
            item: changedQuoteParts(db, organizationId, quote, current),
            events: decision.events,
            object: quoteResource(quote, publicBaseUrl),
            more: decision.eventData,
            parts: decision.parts,
          },
          now,
        ),
      );
      return written === RACED ? RACED : quote;
    },
  });
}
