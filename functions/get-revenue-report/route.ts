import type { Route } from '#functions/route';

export const route = {
  name: 'get-revenue-report',
  method: 'GET',
  path: '/api/v1/reports/revenue/',
  credentials: 'any',
  scope: 'reports:read',
  table: 'read',
} as const satisfies Route;
