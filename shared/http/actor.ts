// The signed-in user behind a request, as member operations see them. Their routes take access
// tokens only (credentials 'user'), so an API key never gets here.
import type { Principal } from '#shared/auth/principal';
import type { Actor } from '#shared/members/change-member-role';

export function actorOf(principal: Principal): Actor {
  if (principal.kind !== 'user') throw new Error('member routes are for signed-in users only');
  return { userId: principal.userId, role: principal.role };
}
