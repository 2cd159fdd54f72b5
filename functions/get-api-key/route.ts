import type { Route } from '#functions/route';

export const route = {
  name: 'get-api-key',
  method: 'GET',
  path: '/api/v1/api-keys/{id}/',
  credentials: 'user',
  scope: 'api_keys:manage',
  table: 'read',
} as const satisfies Route;
