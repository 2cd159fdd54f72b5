import type { Route } from '#functions/route';

export const route = {
  name: 'verify-archive',
  method: 'GET',
  path: '/api/v1/archive/verify/',
  credentials: 'any',
  scope: 'invoices:read',
  table: 'read',
  archives: true,
} as const satisfies Route;
