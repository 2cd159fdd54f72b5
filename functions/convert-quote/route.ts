import type { Route } from '#functions/route';

export const route = {
  name: 'convert-quote',
  method: 'POST',
  path: '/api/v1/quotes/{id}/invoices/',
  status: 201,
  credentials: 'any',
  // It writes invoices: a key that may only write quotes does not make them.
  scope: 'invoices:write',
  table: 'readWrite',
  errors: ['invalid_state', 'not_found'],
} as const satisfies Route;
