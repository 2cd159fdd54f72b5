import type { Route } from '#functions/route';

export const route = {
  name: 'create-webhook',
  method: 'POST',
  path: '/api/v1/webhooks/',
  credentials: 'any',
  scope: 'webhooks:write',
  table: 'readWrite',
  status: 201,
} as const satisfies Route;
