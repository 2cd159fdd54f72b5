import type { Route } from '#functions/route';

export const route = {
  name: 'list-api-keys',
  method: 'GET',
  path: '/api/v1/api-keys/',
  credentials: 'user',
  scope: 'api_keys:manage',
  table: 'read',
  signsCursors: true,
} as const satisfies Route;
