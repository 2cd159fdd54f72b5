import type { Route } from '#functions/route';

export const route = {
  name: 'create-invoice',
  method: 'POST',
  path: '/api/v1/invoices/',
  credentials: 'any',
  scope: 'invoices:write',
  table: 'readWrite',
  errors: ['invalid_state', 'not_found'],
  status: 201,
} as const satisfies Route;
