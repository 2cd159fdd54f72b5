import type { Route } from '#functions/route';

export const route = {
  name: 'list-payments',
  method: 'GET',
  path: '/api/v1/invoices/{id}/payments/',
  credentials: 'any',
  scope: 'invoices:read',
  table: 'read',
  signsCursors: true,
} as const satisfies Route;
