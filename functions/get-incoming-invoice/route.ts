import type { Route } from '#functions/route';

export const route = {
  name: 'get-incoming-invoice',
  method: 'GET',
  path: '/api/v1/incoming-invoices/{id}/',
  credentials: 'any',
  scope: 'incoming_invoices:read',
  table: 'read',
  readsIncoming: true,
} as const satisfies Route;
