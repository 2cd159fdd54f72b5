import type { Route } from '#functions/route';

export const route = {
  name: 'get-client',
  method: 'GET',
  path: '/api/v1/clients/{id}/',
  credentials: 'any',
  scope: 'clients:read',
  table: 'read',
} as const satisfies Route;
