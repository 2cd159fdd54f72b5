import type { Route } from '#functions/route';

export const route = {
  name: 'delete-email-suppression',
  method: 'DELETE',
  path: '/api/v1/email-suppressions/{address}/',
  credentials: 'any',
  scope: 'invoices:send',
  table: 'readWrite',
  status: 204,
} as const satisfies Route;
