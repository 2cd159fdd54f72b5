// The frame of every change to a stored quote, as change-invoice.ts is for invoices: read it, let the
// operation decide, write the decision with its events in one transaction — again on a fresh read if
// somebody changed it meanwhile.
import { eventParts } from '#shared/data/events';
import { changedQuoteParts, getQuote } from '#shared/data/quotes';
import { transact, type WriteParts } from '#shared/data/table';
import { notFound } from '#shared/domain/errors';
import type { EventType } from '#shared/domain/events';
import { pageVersionOf, type Quote } from '#shared/domain/quote';
import { quoteResource } from '#shared/domain/resources/quote';
import type { InvoicingDeps } from '#shared/invoicing/deps';

export type QuoteDecision = {
  quote: Omit<Quote, 'version' | 'updated_at'>;
  events: EventType[];
  /** Put beside `data.object` in each of the change's events. */
  eventData?: Record<string, unknown>;
  /** More of the same transaction (a suppressed address), by name. */
  parts?: WriteParts<string>;
  /** Bookkeeping (a delivery report): the page's form stays valid (`page_version` unchanged). */
  bookkeeping?: boolean;
};

const MAX_ATTEMPTS = 20;

export async function changeQuote(
  { db, publicBaseUrl }: InvoicingDeps,
  organizationId: string,
  quoteId: string,
  decide: (current: Quote) => QuoteDecision,
  now = new Date(),
): Promise<Quote> {
  for (let attempt = 1; ; attempt++) {
    const current = await getQuote(db, organizationId, quoteId);
    if (!current) throw notFound('Quote');
    const decision = decide(current);
    const version = current.version + 1;
    const quote: Quote = {
      ...decision.quote,
      updated_at: now.toISOString(),
      version,
      page_version: decision.bookkeeping ? pageVersionOf(current) : version,
    };
    const object = quoteResource(quote, publicBaseUrl);
    const written = await transact(db, {
      quote: changedQuoteParts(db, organizationId, quote, current),
      ...decision.parts,
      events: eventParts(
        db,
        organizationId,
        decision.events.map((type) => ({ type, object, more: decision.eventData })),
        now,
      ),
    });
    if (written.ok) return quote;
    if (attempt >= MAX_ATTEMPTS) throw new Error(`quote ${quoteId} kept changing under ${attempt} attempts`);
  }
}
