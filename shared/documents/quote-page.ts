// The public quote page: the quote as its PDF shows it and, while it is open, a form to accept (with
// the name of the person accepting, if they give one) or decline it — plain HTML, no script needed.
import { renderDocumentPage } from '#shared/documents/invoice-page';
import { htmlText } from '#shared/documents/html-text';
import { quoteView, type QuoteDocument } from '#shared/documents/quote-view';
import { documentFormat } from '#shared/documents/document-format';

export type QuotePageInput = QuoteDocument & {
  /** Open: the form posts here, with the version it shows (a form of an older version is refused as stale). */
  respond?: { action: string; version: number };
  /** What the last answer came to: the state now, or that the quote had changed. */
  notice?: 'stale';
};

const instant = (value: string) => value.slice(0, 10);

export function renderQuotePage({ respond, notice, ...document }: QuotePageInput): string {
  const view = quoteView(document);
  const { quote } = document;
  const { words, date } = documentFormat(quote.locale, quote.currency);
  const labels = words.quote;
  const state =
    quote.status === 'accepted'
      ? labels.acceptedOn(date(instant(quote.accepted_at!)), quote.accepted_by)
      : quote.status === 'declined'
        ? labels.declinedOn(date(instant(quote.declined_at!)))
        : quote.status === 'expired' || (!respond && quote.status === 'sent')
          ? labels.expiredOn(date(quote.expiry_date))
          : undefined;
  const message = [notice === 'stale' ? labels.stale : undefined, state].filter(Boolean).join(' ') || undefined;
  const form = respond
    ? `<form method="post" action="${htmlText(respond.action)}" class="respond">` +
      `<input type="hidden" name="version" value="${respond.version}">` +
      `<label>${htmlText(labels.yourName)} <input type="text" name="name" maxlength="200" autocomplete="name"></label>` +
      `<button class="pay" type="submit" name="decision" value="accept">${htmlText(labels.accept)}</button> ` +
      `<button type="submit" name="decision" value="decline">${htmlText(labels.decline)}</button></form>`
    : '';
  return renderDocumentPage(view, { form, message });
}
