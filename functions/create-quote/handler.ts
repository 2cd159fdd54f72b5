import { config } from '#shared/config';
import { quoteResource } from '#shared/domain/resources/quote';
import { endpoint } from '#shared/http/endpoint';
import { createQuoteBody, newQuoteOf } from '#shared/http/schemas/quotes';
import { createQuote } from '#shared/quotes/create-quote';
import { route } from '#functions/create-quote/route';

const { PUBLIC_BASE_URL } = config();

export const handler = endpoint(route, { body: createQuoteBody }, async ({ db, organizationId, body }) => {
  const quote = await createQuote({ db, publicBaseUrl: PUBLIC_BASE_URL }, organizationId, newQuoteOf(body));
  return { status: 201, body: quoteResource(quote, PUBLIC_BASE_URL) };
});
