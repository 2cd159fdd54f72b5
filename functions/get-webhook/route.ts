import type { Route } from '#functions/route';

export const route = {
  name: 'get-webhook',
  method: 'GET',
  path: '/api/v1/webhooks/{id}/',
  credentials: 'any',
  scope: 'webhooks:read',
  table: 'read',
} as const satisfies Route;
