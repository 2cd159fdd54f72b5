import type { Route } from '#functions/route';

export const route = {
  name: 'test-webhook',
  method: 'POST',
  path: '/api/v1/webhooks/{id}/test/',
  credentials: 'any',
  scope: 'webhooks:write',
  table: 'readWrite',
  status: 202,
} as const satisfies Route;
