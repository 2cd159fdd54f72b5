import type { Route } from '#functions/route';

export const route = {
  name: 'create-export',
  method: 'POST',
  path: '/api/v1/exports/',
  credentials: 'any',
  scope: 'reports:read',
  table: 'readWrite',
  status: 202,
  errors: ['invalid_state'],
} as const satisfies Route;
