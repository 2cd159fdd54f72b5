import { getTeam } from '#shared/data/members';
import { memberResource } from '#shared/domain/resources/member';
import { endpoint } from '#shared/http/endpoint';
import { route } from '#functions/list-members/route';

export const handler = endpoint(route, {}, async ({ db, organizationId }) => {
  const { members } = await getTeam(db, organizationId);
  const ordered = [...members].sort((a, b) => a.created_at.localeCompare(b.created_at));
  return { status: 200, body: { results: ordered.map(memberResource) } };
});
