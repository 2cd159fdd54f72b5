import type { Route } from '#functions/route';

export const route = {
  name: 'list-credit-notes',
  method: 'GET',
  path: '/api/v1/credit-notes/',
  credentials: 'any',
  scope: 'credit_notes:read',
  table: 'read',
  signsCursors: true,
} as const satisfies Route;
