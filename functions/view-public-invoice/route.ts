import type { Route } from '#functions/route';

export const route = {
  name: 'view-public-invoice',
  method: 'GET',
  path: '/api/v1/public/invoices/{token}/',
  credentials: 'public',
  scope: null,
  table: 'read',
  serves: 'page',
} as const satisfies Route;
