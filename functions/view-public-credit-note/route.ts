import type { Route } from '#functions/route';

export const route = {
  name: 'view-public-credit-note',
  method: 'GET',
  path: '/api/v1/public/credit-notes/{token}/',
  credentials: 'public',
  scope: null,
  table: 'read',
  serves: 'page',
} as const satisfies Route;
