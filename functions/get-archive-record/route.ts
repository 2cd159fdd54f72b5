import type { Route } from '#functions/route';

export const route = {
  name: 'get-archive-record',
  method: 'GET',
  path: '/api/v1/archive/{id}/',
  credentials: 'any',
  scope: 'invoices:read',
  table: 'read',
  serves: 'archived',
  archives: true,
  errors: ['archive_mismatch'],
} as const satisfies Route;
