import { config } from '#shared/config';
import { getTeam } from '#shared/data/members';
import { pageOfHeld } from '#shared/domain/pages';
import { memberResource } from '#shared/domain/resources/member';
import { endpoint } from '#shared/http/endpoint';
import { cursorSecret, listing } from '#shared/http/pagination';
import { pageQuery } from '#shared/http/schemas/common';
import { route } from '#functions/list-members/route';

const cursorKey = cursorSecret(config());

/** The members, who joined first first: the team is read whole (one Query) and answered a page at a time. */
export const handler = endpoint(route, { query: pageQuery }, async ({ db, organizationId, query, baseUrl }) => {
  const link = { scope: `${organizationId}|members`, baseUrl, path: '/api/v1/organizations/me/members/' };
  const list = listing(await cursorKey(), { ...link, query: { limit: String(query.limit) } }, query.cursor);
  const { members } = await getTeam(db, organizationId);
  const ordered = [...members].sort((a, b) => a.created_at.localeCompare(b.created_at));
  const page = pageOfHeld(ordered, (member) => `${member.created_at}|${member.user_id}`, {
    limit: query.limit,
    startKey: list.startKey,
  });
  return { status: 200, body: list.page(page, memberResource) };
});
