import type { Route } from '#functions/route';

export const route = {
  name: 'logout',
  method: 'POST',
  path: '/api/v1/users/auth/logout/',
  credentials: 'public',
  scope: null,
  table: 'readWrite',
  status: 204,
} as const satisfies Route;
