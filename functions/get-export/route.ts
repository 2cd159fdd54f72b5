import type { Route } from '#functions/route';

export const route = {
  name: 'get-export',
  method: 'GET',
  path: '/api/v1/exports/{id}/',
  credentials: 'any',
  scope: 'reports:read',
  table: 'read',
  readsExports: true,
} as const satisfies Route;
