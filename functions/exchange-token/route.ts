import type { Route } from '#functions/route';

export const route = {
  name: 'exchange-token',
  method: 'POST',
  path: '/api/v1/users/auth/exchange/',
  credentials: 'public',
  scope: null,
  table: 'readWrite',
  signsTokens: true,
  errors: ['invalid_token', 'permission_denied', 'organization_access_denied', 'rate_limited'],
} as const satisfies Route;
