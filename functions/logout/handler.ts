// Ends a session: its refresh token stops working at once. Unknown tokens are accepted silently,
// so logging out twice is harmless and the answer reveals nothing.
import { revokeRefreshToken } from '#shared/data/refresh-tokens';
import { publicEndpoint } from '#shared/http/endpoint';
import { refreshBody } from '#shared/http/schemas/auth';
import { route } from '#functions/logout/route';

export const handler = publicEndpoint(route, { body: refreshBody }, async ({ db, body }) => {
  await revokeRefreshToken(db, body.refresh);
  return { status: 204 };
});
