import type { Route } from '#functions/route';

export const route = {
  name: 'create-quote',
  method: 'POST',
  path: '/api/v1/quotes/',
  status: 201,
  credentials: 'any',
  scope: 'quotes:write',
  table: 'readWrite',
  // The client named in the body: unknown (404) or archived (409).
  errors: ['invalid_state', 'not_found'],
} as const satisfies Route;
