import type { Route } from '#functions/route';

export const route = {
  name: 'list-recurring-invoices',
  method: 'GET',
  path: '/api/v1/recurring-invoices/',
  credentials: 'any',
  scope: 'recurring:read',
  table: 'read',
  signsCursors: true,
} as const satisfies Route;
