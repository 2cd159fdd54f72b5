// Ends a session: its refresh token stops working at once. Unknown tokens are accepted silently,
// so logging out twice is harmless and the answer reveals nothing.
import { config } from '#shared/config';
import { createDb } from '#shared/data/table';
import { revokeRefreshToken } from '#shared/data/refresh-tokens';
import { publicEndpoint } from '#shared/http/endpoint';
import { refreshBody } from '#shared/http/schemas/auth';
import { routeNamed } from '#functions/routes';

const db = createDb(config().TABLE_NAME);

export const handler = publicEndpoint(routeNamed('logout'), { body: refreshBody }, async ({ body }) => {
  await revokeRefreshToken(db, body.refresh);
  return { status: 204 };
});
