import type { Route } from '#functions/route';

export const route = {
  name: 'list-deliveries',
  method: 'GET',
  path: '/api/v1/webhooks/{id}/deliveries/',
  credentials: 'any',
  scope: 'webhooks:read',
  table: 'read',
  signsCursors: true,
} as const satisfies Route;
