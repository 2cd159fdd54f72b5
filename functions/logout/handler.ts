// Ends a session: its refresh token stops working at once. Unknown tokens are accepted silently,
// so logging out twice is harmless and the answer reveals nothing.
import { revokeRefreshToken } from '#shared/data/refresh-tokens';
import { publicEndpoint } from '#shared/http/endpoint';
import { refreshBody } from '#shared/http/schemas/auth';
import { routeNamed } from '#functions/routes';

export const handler = publicEndpoint(routeNamed('logout'), { body: refreshBody }, async ({ db, body }) => {
  await revokeRefreshToken(db, body.refresh);
  return { status: 204 };
});
