// Revenue per period and currency, read from the monthly aggregates: a handful of items whatever
// the number of invoices. Dates are the organization's calendar days.
import { getOrganization } from '#shared/data/organizations';
import { readRevenue } from '#shared/data/revenue';
import { dateIn } from '#shared/domain/dates';
import { endpoint } from '#shared/http/endpoint';
import { revenueReportQuery } from '#shared/http/schemas/reports';
import { buildRevenueReport } from '#shared/reports/report';
import { revenueReportResource } from '#shared/domain/resources/revenue-report';
import { timeZoneOf } from '#shared/domain/organization';
import { route } from '#functions/get-revenue-report/route';

export const handler = endpoint(route, { query: revenueReportQuery }, async ({ db, organizationId, query }) => {
  const [organization, buckets] = await Promise.all([
    getOrganization(db, organizationId),
    readRevenue(db, organizationId, query.currency),
  ]);
  const timeZone = timeZoneOf(organization);
  return { status: 200, body: revenueReportResource(buildRevenueReport(buckets, query, dateIn(timeZone)), timeZone) };
});
