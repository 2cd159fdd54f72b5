import type { Route } from '#functions/route';

export const route = {
  name: 'refresh-token',
  method: 'POST',
  path: '/api/v1/users/auth/refresh/',
  credentials: 'public',
  scope: null,
  table: 'readWrite',
  signsTokens: true,
  errors: ['invalid_token', 'permission_denied', 'rate_limited'],
} as const satisfies Route;
