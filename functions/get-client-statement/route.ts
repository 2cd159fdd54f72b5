import type { Route } from '#functions/route';

export const route = {
  name: 'get-client-statement',
  method: 'GET',
  path: '/api/v1/clients/{id}/statement/',
  credentials: 'any',
  scope: 'clients:read',
  table: 'read',
  negotiates: 'pdf',
  rendersDocuments: true,
} as const satisfies Route;
