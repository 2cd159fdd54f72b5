// The ECB reference rate the service would fix for an invoice in `from` issued on `date`, into `to`
// (the accounting currency by default), and the day it is of (docs/invoices.md "Foreign currency").
import { getOrganization } from '#shared/data/organizations';
import { dateIn } from '#shared/domain/dates';
import { notFound } from '#shared/domain/errors';
import { timeZoneOf } from '#shared/domain/organization';
import { quoteExchangeRate } from '#shared/invoicing/exchange-rate-for';
import { endpoint } from '#shared/http/endpoint';
import { exchangeRateQuery } from '#shared/http/schemas/issuing';
import { route } from '#functions/get-exchange-rate/route';

export const handler = endpoint(route, { query: exchangeRateQuery }, async ({ db, organizationId, query }) => {
  const organization = await getOrganization(db, organizationId);
  if (!organization) throw notFound('Organization');
  const date = query.date ?? dateIn(timeZoneOf(organization), new Date());
  return { status: 200, body: await quoteExchangeRate(db, organization, { ...query, date }) };
});
