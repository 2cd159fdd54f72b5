import type { Route } from '#functions/route';

export const route = {
  name: 'verify-audit-log',
  method: 'GET',
  path: '/api/v1/audit-log/verify/',
  credentials: 'user',
  scope: 'audit_log:read',
  table: 'read',
} as const satisfies Route;
