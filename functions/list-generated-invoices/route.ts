import type { Route } from '#functions/route';

export const route = {
  name: 'list-generated-invoices',
  method: 'GET',
  path: '/api/v1/recurring-invoices/{id}/invoices/',
  credentials: 'any',
  scope: 'invoices:read',
  table: 'read',
  signsCursors: true,
} as const satisfies Route;
