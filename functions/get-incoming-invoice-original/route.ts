import type { Route } from '#functions/route';

export const route = {
  name: 'get-incoming-invoice-original',
  method: 'GET',
  path: '/api/v1/incoming-invoices/{id}/original/',
  credentials: 'any',
  scope: 'incoming_invoices:read',
  table: 'read',
  serves: 'e-invoice',
  readsIncoming: true,
} as const satisfies Route;
