import type { Route } from '#functions/route';

export const route = {
  name: 'get-incoming-invoice-pdf',
  method: 'GET',
  path: '/api/v1/incoming-invoices/{id}/pdf/',
  credentials: 'any',
  scope: 'incoming_invoices:read',
  table: 'read',
  serves: 'pdf',
  readsIncoming: true,
  rendersDocuments: true,
} as const satisfies Route;
