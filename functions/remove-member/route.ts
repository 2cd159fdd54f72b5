import type { Route } from '#functions/route';

export const route = {
  // Every member may leave (their own id); removing another takes members:manage (checked in the operation).
  name: 'remove-member',
  method: 'DELETE',
  path: '/api/v1/organizations/me/members/{id}/',
  credentials: 'user',
  scope: 'organization:read',
  table: 'readWrite',
  status: 204,
  errors: ['invalid_state', 'not_found'],
} as const satisfies Route;
