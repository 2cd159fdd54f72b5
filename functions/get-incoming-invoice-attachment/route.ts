import type { Route } from '#functions/route';

export const route = {
  name: 'get-incoming-invoice-attachment',
  method: 'GET',
  path: '/api/v1/incoming-invoices/{id}/attachments/{attachment_id}/',
  credentials: 'any',
  scope: 'incoming_invoices:read',
  table: 'read',
  serves: 'file',
  readsIncoming: true,
} as const satisfies Route;
