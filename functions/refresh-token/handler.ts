import { serviceTable } from '#shared/data/table';
import { hashRefreshToken } from '#shared/data/refresh-tokens';
import { enforceLimit, LIMITS } from '#shared/auth/rate-limits';
import { sessionDeps } from '#shared/auth/session-deps';
import { refreshAccess } from '#shared/auth/sessions';
import { publicEndpoint } from '#shared/http/endpoint';
import { refreshBody } from '#shared/http/schemas/auth';
import { route } from '#functions/refresh-token/route';

const deps = sessionDeps(serviceTable());

export const handler = publicEndpoint(route, { body: refreshBody }, async ({ db, body, sourceIp }) => {
  await enforceLimit(db, LIMITS.refreshPerIp, sourceIp);
  await enforceLimit(db, LIMITS.refreshPerSession, hashRefreshToken(body.refresh));
  return { status: 200, body: await refreshAccess(deps, body.refresh) };
});
