// The organization's audit log, oldest first between `from` and `to`, for owners and admins.
import { config } from '#shared/config';
import { listAuditEntries } from '#shared/data/audit-log';
import { endpoint } from '#shared/http/endpoint';
import { cursorSecret, listing } from '#shared/http/pagination';
import { listAuditLogQuery } from '#shared/http/schemas/audit-log';
import { route } from '#functions/list-audit-log/route';

const settings = config();
const cursorKey = cursorSecret(settings);

export const handler = endpoint(route, { query: listAuditLogQuery }, async ({ db, organizationId, query, baseUrl }) => {
  const { limit, cursor, ...filter } = query;
  const asked = Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));
  const scope = `${organizationId}|audit|${JSON.stringify(asked)}`;
  const list = listing(
    await cursorKey(),
    { scope, baseUrl, path: '/api/v1/audit-log/', query: { limit: String(limit), ...asked } },
    cursor,
  );
  const range = { ...asked, from: filter.from ?? '0000', to: filter.to ?? '9999' };
  const page = await listAuditEntries(db, organizationId, range, { limit, startKey: list.startKey });
  return { status: 200, body: list.page(page, (entry) => entry) };
});
