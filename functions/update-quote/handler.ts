import { config } from '#shared/config';
import { quoteResource } from '#shared/domain/resources/quote';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { quoteChangesOf, updateQuoteBody } from '#shared/http/schemas/quotes';
import { updateQuote } from '#shared/quotes/update-quote';
import { route } from '#functions/update-quote/route';

const { PUBLIC_BASE_URL } = config();

export const handler = endpoint(
  route,
  { params: idParams('quo'), body: updateQuoteBody },
  async ({ db, organizationId, params, body }) => {
    const deps = { db, publicBaseUrl: PUBLIC_BASE_URL };
    const quote = await updateQuote(deps, organizationId, params.id, quoteChangesOf(body));
    return { status: 200, body: quoteResource(quote, PUBLIC_BASE_URL) };
  },
);
