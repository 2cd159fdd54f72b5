// Resolves the bearer credential into a Principal. The organization comes from the stored key and
// nothing else; a route's scope is checked here so handlers never see an unauthorised call.
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { hashApiKey, isWellFormedApiKey, looksLikeApiKey } from '../../auth/api-key.ts';
import type { Principal } from '../../auth/principal.ts';
import type { Scope } from '../../auth/scopes.ts';
import { findApiKeyByHash } from '../../data/api-keys.ts';
import type { Db } from '../../data/client.ts';
import { ApiError, ErrorCode } from '../errors.ts';
import { header, type RequestContext } from '../request.ts';

/** Longer Authorization headers are refused before any parsing or lookup. */
const MAX_AUTHORIZATION_LENGTH = 4096;

const invalidToken = () => new ApiError(ErrorCode.invalidToken, 'The credential is malformed, unknown or no longer valid');

export async function resolvePrincipal(db: Db, authorization: string | undefined, now = new Date()): Promise<Principal> {
  if (!authorization) throw new ApiError(ErrorCode.authenticationRequired, 'Send a credential as "Authorization: Bearer <token>"');
  if (authorization.length > MAX_AUTHORIZATION_LENGTH) throw invalidToken();
  const match = /^Bearer +(\S+)$/i.exec(authorization.trim());
  if (!match?.[1]) throw new ApiError(ErrorCode.authenticationRequired, 'Send a credential as "Authorization: Bearer <token>"');
  const token = match[1];
  if (!looksLikeApiKey(token) || !isWellFormedApiKey(token)) throw invalidToken();
  const key = await findApiKeyByHash(db, hashApiKey(token));
  if (!key || key.status !== 'active' || (key.expires_at && key.expires_at <= now.toISOString())) throw invalidToken();
  return { organizationId: key.organization_id, kind: 'api_key', credentialId: key.id, scopes: key.scopes };
}

export function authenticate(db: Db, scope: Scope): MiddlewareObj<APIGatewayProxyEventV2, unknown, Error, RequestContext> {
  return {
    before: async ({ event, context }) => {
      const principal = await resolvePrincipal(db, header(event.headers, 'authorization'));
      context.principal = principal;
      if (!principal.scopes.includes(scope)) {
        throw new ApiError(ErrorCode.insufficientScope, `This credential lacks the scope ${scope}`, { required_scope: scope });
      }
    },
  };
}
