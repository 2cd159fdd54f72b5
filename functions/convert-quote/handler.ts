// Invoicing an accepted quote: a deposit, the final invoice that deducts the deposits, or the whole quote.
import { config } from '#shared/config';
import { invoiceResource } from '#shared/domain/resources/invoice';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { convertQuoteBody, quoteConversionOf } from '#shared/http/schemas/quotes';
import { convertQuote } from '#shared/quotes/convert-quote';
import { route } from '#functions/convert-quote/route';

const { PUBLIC_BASE_URL: publicBaseUrl } = config();

export const handler = endpoint(
  route,
  { params: idParams('quo'), body: convertQuoteBody },
  async ({ db, organizationId, params, body }) => {
    const conversion = quoteConversionOf(body);
    const invoice = await convertQuote({ db, publicBaseUrl }, organizationId, params.id, conversion);
    return { status: 201, body: invoiceResource(invoice, publicBaseUrl) };
  },
);
