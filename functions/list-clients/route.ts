import type { Route } from '#functions/route';

export const route = {
  name: 'list-clients',
  method: 'GET',
  path: '/api/v1/clients/',
  credentials: 'any',
  scope: 'clients:read',
  table: 'read',
  signsCursors: true,
} as const satisfies Route;
