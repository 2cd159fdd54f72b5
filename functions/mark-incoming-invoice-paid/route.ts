import type { Route } from '#functions/route';

export const route = {
  name: 'mark-incoming-invoice-paid',
  method: 'POST',
  path: '/api/v1/incoming-invoices/{id}/paid/',
  credentials: 'any',
  scope: 'incoming_invoices:write',
  table: 'readWrite',
  errors: ['invalid_state'],
} as const satisfies Route;
