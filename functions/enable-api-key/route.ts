import type { Route } from '#functions/route';

export const route = {
  name: 'enable-api-key',
  method: 'POST',
  path: '/api/v1/api-keys/{id}/enable/',
  credentials: 'user',
  scope: 'api_keys:manage',
  table: 'readWrite',
  errors: ['invalid_state'],
} as const satisfies Route;
