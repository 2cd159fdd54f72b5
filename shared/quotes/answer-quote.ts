// The client's answer on the public quote page: accept (with their name, if given) or decline a sent
// quote that is still valid — through the end of its expiry day in the organization's time zone. The
// form carries the version it showed: an answer to an older version (a replay, a page left open while
// the quote changed) changes nothing, and neither does an answer to a closed quote.
import { unchanged, type Unchanged } from '#shared/data/change';
import { dateIn } from '#shared/domain/dates';
import type { Organization } from '#shared/domain/organization';
import { timeZoneOf } from '#shared/domain/organization';
import { pageVersionOf } from '#shared/domain/quote';
import type { InvoicingDeps } from '#shared/invoicing/deps';
import { changeQuote, type QuoteDecision } from '#shared/quotes/change-quote';

export type QuoteAnswer = { decision: 'accept' | 'decline'; version: number; name?: string };
export type AnswerOutcome = 'accepted' | 'declined' | 'stale' | 'closed';

export async function answerQuote(
  deps: InvoicingDeps,
  organization: Organization,
  quoteId: string,
  answer: QuoteAnswer,
  now = new Date(),
): Promise<AnswerOutcome> {
  const today = dateIn(timeZoneOf(organization), now);
  const refused = await changeQuote(
    deps,
    organization.id,
    quoteId,
    (current): QuoteDecision | Unchanged<'stale' | 'closed'> => {
      if (current.status !== 'sent' || current.expiry_date < today) return unchanged('closed');
      if (pageVersionOf(current) !== answer.version) return unchanged('stale');
      const at = now.toISOString();
      return answer.decision === 'accept'
        ? {
            quote: {
              ...current,
              status: 'accepted',
              accepted_at: at,
              ...(answer.name ? { accepted_by: answer.name } : {}),
            },
            events: ['quote.accepted'],
          }
        : { quote: { ...current, status: 'declined', declined_at: at }, events: ['quote.declined'] };
    },
    now,
  );
  if (refused === 'stale' || refused === 'closed') return refused;
  return answer.decision === 'accept' ? 'accepted' : 'declined';
}
