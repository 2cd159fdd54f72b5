// How a quote looks in responses and events: priced as an invoice shows it, with its own dates, state and link.
import type { Quote } from '#shared/domain/quote';
import { sendingResource } from '#shared/domain/resources/email';
import { buyerResource, inAccountingCurrency, pricedResource, sellerResource } from '#shared/domain/resources/invoice';
import { taxBreakdownOf } from '#shared/domain/invoice';
import { formatMinor } from '#shared/domain/decimal';

export const publicQuoteUrl = (publicBaseUrl: string, token: string) =>
  `${publicBaseUrl}/api/v1/public/quotes/${token}/`;

export const quoteResource = (quote: Quote, publicBaseUrl: string) => {
  const { tax_breakdown } = inAccountingCurrency({ currency: quote.currency }, taxBreakdownOf(quote));
  return {
    id: quote.id,
    quote_number: quote.quote_number,
    status: quote.status,
    client: { id: quote.client_id, name: quote.client_name },
    seller: quote.seller ? sellerResource(quote.seller) : null,
    buyer: quote.buyer ? buyerResource(quote.buyer) : null,
    issue_date: quote.issue_date,
    expiry_date: quote.expiry_date,
    currency: quote.currency,
    locale: quote.locale ?? 'en',
    ...pricedResource(quote),
    tax_breakdown,
    total_amount: formatMinor(quote.total_amount_minor),
    notes: quote.notes ?? '',
    terms: quote.terms ?? '',
    public_url: publicQuoteUrl(publicBaseUrl, quote.public_token),
    sent_at: quote.sent_at ?? null,
    accepted_at: quote.accepted_at ?? null,
    accepted_by: quote.accepted_by ?? null,
    declined_at: quote.declined_at ?? null,
    expired_at: quote.expired_at ?? null,
    sendings: (quote.sendings ?? []).map(sendingResource),
    invoices: quote.invoices ?? [],
    metadata: quote.metadata ?? {},
    created_at: quote.created_at,
    updated_at: quote.updated_at,
  };
};
