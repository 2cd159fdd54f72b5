import type { Route } from '#functions/route';

export const route = {
  name: 'get-bank-transaction',
  method: 'GET',
  path: '/api/v1/bank-transactions/{id}/',
  credentials: 'any',
  scope: 'invoices:read',
  table: 'read',
} as const satisfies Route;
