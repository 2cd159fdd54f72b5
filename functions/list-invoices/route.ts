import type { Route } from '#functions/route';

export const route = {
  name: 'list-invoices',
  method: 'GET',
  path: '/api/v1/invoices/',
  credentials: 'any',
  scope: 'invoices:read',
  table: 'read',
  signsCursors: true,
} as const satisfies Route;
