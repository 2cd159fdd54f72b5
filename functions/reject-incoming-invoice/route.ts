import type { Route } from '#functions/route';

export const route = {
  name: 'reject-incoming-invoice',
  method: 'POST',
  path: '/api/v1/incoming-invoices/{id}/reject/',
  credentials: 'any',
  scope: 'incoming_invoices:write',
  table: 'readWrite',
  errors: ['invalid_state'],
} as const satisfies Route;
