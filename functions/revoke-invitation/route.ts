import type { Route } from '#functions/route';

export const route = {
  name: 'revoke-invitation',
  method: 'DELETE',
  path: '/api/v1/organizations/me/invitations/{id}/',
  credentials: 'user',
  scope: 'members:manage',
  table: 'readWrite',
  status: 204,
  errors: ['invalid_state'],
} as const satisfies Route;
