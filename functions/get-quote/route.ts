import type { Route } from '#functions/route';

export const route = {
  name: 'get-quote',
  method: 'GET',
  path: '/api/v1/quotes/{id}/',
  credentials: 'any',
  scope: 'quotes:read',
  table: 'read',
} as const satisfies Route;
