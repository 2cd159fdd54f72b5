import type { Route } from '#functions/route';

export const route = {
  name: 'get-organization',
  method: 'GET',
  path: '/api/v1/organizations/me/',
  credentials: 'any',
  scope: 'organization:read',
  table: 'read',
} as const satisfies Route;
