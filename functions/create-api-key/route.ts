import type { Route } from '#functions/route';

export const route = {
  name: 'create-api-key',
  method: 'POST',
  path: '/api/v1/api-keys/',
  credentials: 'user',
  scope: 'api_keys:manage',
  table: 'readWrite',
  status: 201,
} as const satisfies Route;
