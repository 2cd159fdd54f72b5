import type { Route } from '#functions/route';

export const route = {
  name: 'list-members',
  method: 'GET',
  path: '/api/v1/organizations/me/members/',
  credentials: 'user',
  scope: 'organization:read',
  table: 'read',
  signsCursors: true,
} as const satisfies Route;
