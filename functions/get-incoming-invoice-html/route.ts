import type { Route } from '#functions/route';

export const route = {
  name: 'get-incoming-invoice-html',
  method: 'GET',
  path: '/api/v1/incoming-invoices/{id}/html/',
  credentials: 'any',
  scope: 'incoming_invoices:read',
  table: 'read',
  serves: 'page',
  readsIncoming: true,
} as const satisfies Route;
