import type { Route } from '#functions/route';

export const route = {
  name: 'revoke-api-key',
  method: 'DELETE',
  path: '/api/v1/api-keys/{id}/',
  credentials: 'user',
  scope: 'api_keys:manage',
  table: 'readWrite',
} as const satisfies Route;
