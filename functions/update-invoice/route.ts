import type { Route } from '#functions/route';

export const route = {
  name: 'update-invoice',
  method: 'PATCH',
  path: '/api/v1/invoices/{id}/',
  credentials: 'any',
  scope: 'invoices:write',
  table: 'readWrite',
  errors: ['invalid_state', 'not_found'],
} as const satisfies Route;
