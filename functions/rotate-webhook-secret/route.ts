import type { Route } from '#functions/route';

export const route = {
  name: 'rotate-webhook-secret',
  method: 'POST',
  path: '/api/v1/webhooks/{id}/rotate-secret/',
  credentials: 'any',
  scope: 'webhooks:write',
  table: 'readWrite',
} as const satisfies Route;
