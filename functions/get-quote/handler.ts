import { config } from '#shared/config';
import { getQuote } from '#shared/data/quotes';
import { notFound } from '#shared/domain/errors';
import { quoteResource } from '#shared/domain/resources/quote';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { route } from '#functions/get-quote/route';

const { PUBLIC_BASE_URL } = config();

export const handler = endpoint(route, { params: idParams('quo') }, async ({ db, organizationId, params }) => {
  const quote = await getQuote(db, organizationId, params.id);
  if (!quote) throw notFound('Quote');
  return { status: 200, body: quoteResource(quote, PUBLIC_BASE_URL) };
});
