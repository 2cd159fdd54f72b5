import type { Route } from '#functions/route';

export const route = {
  name: 'create-credit-note',
  method: 'POST',
  path: '/api/v1/invoices/{id}/credit-notes/',
  credentials: 'any',
  scope: 'credit_notes:write',
  table: 'readWrite',
  errors: ['invalid_state'],
  status: 201,
  rendersDocuments: true,
  archives: true,
} as const satisfies Route;
