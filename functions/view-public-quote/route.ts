import type { Route } from '#functions/route';

export const route = {
  name: 'view-public-quote',
  method: 'GET',
  path: '/api/v1/public/quotes/{token}/',
  credentials: 'public',
  scope: null,
  table: 'read',
  serves: 'page',
} as const satisfies Route;
