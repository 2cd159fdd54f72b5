import { serviceTable } from '#shared/data/table';
import { identityTokenVerifier } from '#shared/auth/identity-token';
import { enforceLimit, LIMITS } from '#shared/auth/rate-limits';
import { sessionDeps } from '#shared/auth/session-deps';
import { exchangeIdentity } from '#shared/auth/sessions';
import { identityProviderConfig } from '#shared/config';
import { publicEndpoint } from '#shared/http/endpoint';
import { exchangeBody } from '#shared/http/schemas/auth';
import { route } from '#functions/exchange-token/route';

const deps = sessionDeps(serviceTable());
const { IDP_ISSUER, IDP_AUDIENCE, IDP_JWKS_URL } = identityProviderConfig();
const verifyIdentity = identityTokenVerifier({ issuer: IDP_ISSUER, audience: IDP_AUDIENCE, jwksUrl: IDP_JWKS_URL });

export const handler = publicEndpoint(route, { body: exchangeBody }, async ({ db, body, sourceIp }) => {
  await enforceLimit(db, LIMITS.exchangePerIp, sourceIp);
  const identity = await verifyIdentity(body.idp_token);
  await enforceLimit(db, LIMITS.exchangePerSubject, `${identity.issuer}#${identity.subject}`);
  return { status: 200, body: await exchangeIdentity(deps, identity, body.organization_id) };
});
