import type { Route } from '#functions/route';

export const route = {
  name: 'get-jwks',
  method: 'GET',
  path: '/api/v1/.well-known/jwks.json',
  credentials: 'public',
  scope: null,
  table: 'none',
} as const satisfies Route;
