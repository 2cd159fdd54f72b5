import type { Route } from '#functions/route';

export const route = {
  name: 'update-quote',
  method: 'PATCH',
  path: '/api/v1/quotes/{id}/',
  credentials: 'any',
  scope: 'quotes:write',
  table: 'readWrite',
  errors: ['invalid_state', 'not_found'],
} as const satisfies Route;
