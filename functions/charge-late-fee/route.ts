import type { Route } from '#functions/route';

export const route = {
  name: 'charge-late-fee',
  method: 'POST',
  path: '/api/v1/invoices/{id}/late-fee/',
  status: 201,
  credentials: 'any',
  scope: 'invoices:write',
  table: 'readWrite',
  errors: ['invalid_state'],
} as const satisfies Route;
