import type { Route } from '#functions/route';

export const route = {
  name: 'list-email-suppressions',
  method: 'GET',
  path: '/api/v1/email-suppressions/',
  credentials: 'any',
  scope: 'invoices:read',
  table: 'read',
  signsCursors: true,
} as const satisfies Route;
