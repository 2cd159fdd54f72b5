import type { Route } from '#functions/route';

export const route = {
  name: 'update-client',
  method: 'PATCH',
  path: '/api/v1/clients/{id}/',
  credentials: 'any',
  scope: 'clients:write',
  table: 'readWrite',
} as const satisfies Route;
