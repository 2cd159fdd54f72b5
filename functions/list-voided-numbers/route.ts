import type { Route } from '#functions/route';

export const route = {
  name: 'list-voided-numbers',
  method: 'GET',
  path: '/api/v1/number-series/{series}/voided/',
  credentials: 'any',
  scope: 'invoices:read',
  table: 'read',
  signsCursors: true,
} as const satisfies Route;
