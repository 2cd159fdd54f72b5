import type { Route } from '#functions/route';

export const route = {
  name: 'get-bank-statement',
  method: 'GET',
  path: '/api/v1/bank-statements/{id}/',
  credentials: 'any',
  scope: 'invoices:read',
  table: 'read',
} as const satisfies Route;
