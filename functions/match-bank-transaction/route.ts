import type { Route } from '#functions/route';

export const route = {
  name: 'match-bank-transaction',
  method: 'POST',
  path: '/api/v1/bank-transactions/{id}/match/',
  credentials: 'any',
  scope: 'payments:write',
  table: 'readWrite',
  errors: ['invalid_state'],
} as const satisfies Route;
