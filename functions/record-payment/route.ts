import type { Route } from '#functions/route';

export const route = {
  name: 'record-payment',
  method: 'POST',
  path: '/api/v1/invoices/{id}/payments/',
  credentials: 'any',
  scope: 'payments:write',
  table: 'readWrite',
  errors: ['invalid_state'],
  status: 201,
} as const satisfies Route;
