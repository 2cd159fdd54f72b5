import type { Route } from '#functions/route';

export const route = {
  name: 'list-quotes',
  method: 'GET',
  path: '/api/v1/quotes/',
  credentials: 'any',
  scope: 'quotes:read',
  table: 'read',
  signsCursors: true,
} as const satisfies Route;
