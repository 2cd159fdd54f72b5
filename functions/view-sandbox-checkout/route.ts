import type { Route } from '#functions/route';

export const route = {
  name: 'view-sandbox-checkout',
  method: 'GET',
  path: '/api/v1/public/sandbox/checkout/{id}/',
  credentials: 'public',
  scope: null,
  table: 'read',
  sandboxOnly: true,
  serves: 'page',
} as const satisfies Route;
