import type { Route } from '#functions/route';

export const route = {
  name: 'list-archive',
  method: 'GET',
  path: '/api/v1/archive/',
  credentials: 'any',
  scope: 'invoices:read',
  table: 'read',
  signsCursors: true,
} as const satisfies Route;
