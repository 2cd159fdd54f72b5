// The organization's events of the last 30 days (the outbox keeps them that long), newest first.
import { config } from '#shared/config';
import { listEvents } from '#shared/data/events';
import { endpoint } from '#shared/http/endpoint';
import { cursorSecret, listing } from '#shared/http/pagination';
import { listEventsQuery } from '#shared/http/schemas/events';
import { eventResource } from '#shared/domain/resources/event';
import { route } from '#functions/list-events/route';

const settings = config();
const cursorKey = cursorSecret(settings);

export const handler = endpoint(route, { query: listEventsQuery }, async ({ db, organizationId, query, baseUrl }) => {
  const scope = `${organizationId}|events|${query.type?.join(',') ?? ''}`;
  const list = listing(
    await cursorKey(),
    { scope, baseUrl, path: '/api/v1/events/', query: { limit: String(query.limit), type: query.type?.join(',') } },
    query.cursor,
  );
  const page = await listEvents(db, organizationId, {
    types: query.type,
    limit: query.limit,
    startKey: list.startKey,
  });
  return { status: 200, body: list.page(page, eventResource) };
});
