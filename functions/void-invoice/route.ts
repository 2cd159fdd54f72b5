import type { Route } from '#functions/route';

export const route = {
  name: 'void-invoice',
  method: 'POST',
  path: '/api/v1/invoices/{id}/void/',
  credentials: 'any',
  scope: 'invoices:write',
  table: 'readWrite',
  errors: ['invalid_state'],
} as const satisfies Route;
