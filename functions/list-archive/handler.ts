// The organization's archive records: of a document, or written in a period of days, oldest first.
import { config } from '#shared/config';
import { listArchive } from '#shared/archive/list-archive';
import { archiveRecordResource } from '#shared/domain/resources/archive-record';
import { endpoint } from '#shared/http/endpoint';
import { cursorSecret, listing } from '#shared/http/pagination';
import { listArchiveQuery } from '#shared/http/schemas/archive';
import { route } from '#functions/list-archive/route';

const settings = config();
const cursorKey = cursorSecret(settings);
const { PUBLIC_BASE_URL } = settings;

export const handler = endpoint(route, { query: listArchiveQuery }, async ({ db, organizationId, query, baseUrl }) => {
  const { limit, cursor, ...filter } = query;
  const asked = Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));
  const scope = `${organizationId}|archive|${JSON.stringify(asked)}`;
  const link = { scope, baseUrl, path: '/api/v1/archive/', query: { limit: String(limit), ...asked } };
  const list = listing(await cursorKey(), link, cursor);
  const page = await listArchive(db, organizationId, filter, { limit, startKey: list.startKey });
  return { status: 200, body: list.page(page, (record) => archiveRecordResource(record, PUBLIC_BASE_URL)) };
});
