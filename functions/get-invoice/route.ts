import type { Route } from '#functions/route';

export const route = {
  name: 'get-invoice',
  method: 'GET',
  path: '/api/v1/invoices/{id}/',
  credentials: 'any',
  scope: 'invoices:read',
  table: 'read',
} as const satisfies Route;
