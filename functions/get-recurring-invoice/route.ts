import type { Route } from '#functions/route';

export const route = {
  name: 'get-recurring-invoice',
  method: 'GET',
  path: '/api/v1/recurring-invoices/{id}/',
  credentials: 'any',
  scope: 'recurring:read',
  table: 'read',
} as const satisfies Route;
