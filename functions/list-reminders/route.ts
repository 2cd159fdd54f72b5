import type { Route } from '#functions/route';

export const route = {
  name: 'list-reminders',
  method: 'GET',
  path: '/api/v1/invoices/{id}/reminders/',
  credentials: 'any',
  scope: 'invoices:read',
  table: 'read',
  signsCursors: true,
} as const satisfies Route;
