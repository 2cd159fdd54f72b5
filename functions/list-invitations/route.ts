import type { Route } from '#functions/route';

export const route = {
  name: 'list-invitations',
  method: 'GET',
  path: '/api/v1/organizations/me/invitations/',
  credentials: 'user',
  scope: 'members:manage',
  table: 'read',
  signsCursors: true,
} as const satisfies Route;
