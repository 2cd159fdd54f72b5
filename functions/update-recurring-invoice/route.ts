import type { Route } from '#functions/route';

export const route = {
  name: 'update-recurring-invoice',
  method: 'PATCH',
  path: '/api/v1/recurring-invoices/{id}/',
  credentials: 'any',
  scope: 'recurring:write',
  table: 'readWrite',
  errors: ['invalid_state'],
} as const satisfies Route;
