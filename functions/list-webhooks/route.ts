import type { Route } from '#functions/route';

export const route = {
  name: 'list-webhooks',
  method: 'GET',
  path: '/api/v1/webhooks/',
  credentials: 'any',
  scope: 'webhooks:read',
  table: 'read',
  signsCursors: true,
} as const satisfies Route;
