import type { Route } from '#functions/route';

export const route = {
  name: 'update-webhook',
  method: 'PATCH',
  path: '/api/v1/webhooks/{id}/',
  credentials: 'any',
  scope: 'webhooks:write',
  table: 'readWrite',
} as const satisfies Route;
