import type { Route } from '#functions/route';

export const route = {
  name: 'create-invitation',
  method: 'POST',
  path: '/api/v1/organizations/me/invitations/',
  credentials: 'user',
  scope: 'members:manage',
  table: 'readWrite',
  status: 201,
  errors: ['invalid_state', 'email_delivery_failed'],
  sendsEmail: true,
  rendersDocuments: true,
} as const satisfies Route;
