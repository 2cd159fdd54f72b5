import type { Route } from '#functions/route';

export const route = {
  name: 'create-recurring-invoice',
  method: 'POST',
  path: '/api/v1/recurring-invoices/',
  credentials: 'any',
  scope: 'recurring:write',
  table: 'readWrite',
  errors: ['invalid_state', 'not_found'],
  status: 201,
} as const satisfies Route;
