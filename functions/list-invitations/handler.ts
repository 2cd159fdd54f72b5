import { config } from '#shared/config';
import { invitationsPage } from '#shared/data/members';
import { isOpen } from '#shared/domain/invitation';
import { invitationResource } from '#shared/domain/resources/member';
import { endpoint } from '#shared/http/endpoint';
import { cursorSecret, listing } from '#shared/http/pagination';
import { pageQuery } from '#shared/http/schemas/common';
import { route } from '#functions/list-invitations/route';

const cursorKey = cursorSecret(config());

/**
 * The open invitations, oldest first; accepted, revoked and expired ones are not listed, so a page
 * may hold fewer than `limit` while `next` goes on.
 */
export const handler = endpoint(route, { query: pageQuery }, async ({ db, organizationId, query, baseUrl }) => {
  const link = { scope: `${organizationId}|invitations`, baseUrl, path: '/api/v1/organizations/me/invitations/' };
  const list = listing(await cursorKey(), { ...link, query: { limit: String(query.limit) } }, query.cursor);
  const page = await invitationsPage(db, organizationId, { limit: query.limit, startKey: list.startKey });
  const now = new Date();
  const open = { ...page, items: page.items.filter((invitation) => isOpen(invitation, now)) };
  return { status: 200, body: list.page(open, invitationResource) };
});
