import type { Route } from '#functions/route';

export const route = {
  name: 'update-organization',
  method: 'PATCH',
  path: '/api/v1/organizations/me/',
  credentials: 'any',
  scope: 'organization:write',
  table: 'readWrite',
  rendersDocuments: true,
} as const satisfies Route;
