import type { Route } from '#functions/route';

export const route = {
  name: 'create-client',
  method: 'POST',
  path: '/api/v1/clients/',
  credentials: 'any',
  scope: 'clients:write',
  table: 'readWrite',
  status: 201,
} as const satisfies Route;
