import type { Route } from '#functions/route';

export const route = {
  name: 'list-events',
  method: 'GET',
  path: '/api/v1/events/',
  credentials: 'any',
  scope: 'events:read',
  table: 'read',
  signsCursors: true,
} as const satisfies Route;
