import type { Route } from '#functions/route';

export const route = {
  name: 'list-audit-log',
  method: 'GET',
  path: '/api/v1/audit-log/',
  credentials: 'user',
  scope: 'audit_log:read',
  table: 'read',
  signsCursors: true,
} as const satisfies Route;
