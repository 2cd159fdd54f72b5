import type { Route } from '#functions/route';

export const route = {
  name: 'update-member',
  method: 'PATCH',
  path: '/api/v1/organizations/me/members/{id}/',
  credentials: 'user',
  scope: 'members:manage',
  table: 'readWrite',
  errors: ['invalid_state', 'not_found'],
} as const satisfies Route;
