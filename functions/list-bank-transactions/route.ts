import type { Route } from '#functions/route';

export const route = {
  name: 'list-bank-transactions',
  method: 'GET',
  path: '/api/v1/bank-transactions/',
  credentials: 'any',
  scope: 'invoices:read',
  table: 'read',
  signsCursors: true,
} as const satisfies Route;
