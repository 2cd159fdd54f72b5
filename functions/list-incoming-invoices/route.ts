import type { Route } from '#functions/route';

export const route = {
  name: 'list-incoming-invoices',
  method: 'GET',
  path: '/api/v1/incoming-invoices/',
  credentials: 'any',
  scope: 'incoming_invoices:read',
  table: 'read',
  signsCursors: true,
} as const satisfies Route;
