import type { Route } from '#functions/route';

export const route = {
  name: 'list-my-organizations',
  method: 'GET',
  path: '/api/v1/users/me/organizations/',
  credentials: 'user',
  scope: 'organization:read',
  table: 'read',
} as const satisfies Route;
