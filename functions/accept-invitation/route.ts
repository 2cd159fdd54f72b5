import type { Route } from '#functions/route';

export const route = {
  // Any signed-in user, whatever organization their token is for: the invitation names its own.
  name: 'accept-invitation',
  method: 'POST',
  path: '/api/v1/invitations/{token}/accept/',
  credentials: 'user',
  scope: 'organization:read',
  table: 'readWrite',
  errors: ['invalid_state', 'not_found'],
} as const satisfies Route;
