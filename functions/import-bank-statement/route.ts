import type { Route } from '#functions/route';

export const route = {
  name: 'import-bank-statement',
  method: 'POST',
  path: '/api/v1/bank-statements/',
  credentials: 'any',
  scope: 'payments:write',
  table: 'readWrite',
  status: 202,
  errors: ['bank_statement_unreadable', 'unknown_bank_account'],
  archives: true,
} as const satisfies Route;
