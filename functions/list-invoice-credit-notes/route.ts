import type { Route } from '#functions/route';

export const route = {
  name: 'list-invoice-credit-notes',
  method: 'GET',
  path: '/api/v1/invoices/{id}/credit-notes/',
  credentials: 'any',
  scope: 'credit_notes:read',
  table: 'read',
  signsCursors: true,
} as const satisfies Route;
