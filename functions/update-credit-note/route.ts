import type { Route } from '#functions/route';

export const route = {
  name: 'update-credit-note',
  method: 'PATCH',
  path: '/api/v1/credit-notes/{id}/',
  credentials: 'any',
  scope: 'credit_notes:write',
  table: 'readWrite',
} as const satisfies Route;
