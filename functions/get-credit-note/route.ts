import type { Route } from '#functions/route';

export const route = {
  name: 'get-credit-note',
  method: 'GET',
  path: '/api/v1/credit-notes/{id}/',
  credentials: 'any',
  scope: 'credit_notes:read',
  table: 'read',
} as const satisfies Route;
