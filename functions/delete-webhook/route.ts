import type { Route } from '#functions/route';

export const route = {
  name: 'delete-webhook',
  method: 'DELETE',
  path: '/api/v1/webhooks/{id}/',
  credentials: 'any',
  scope: 'webhooks:write',
  table: 'readWrite',
  status: 204,
} as const satisfies Route;
