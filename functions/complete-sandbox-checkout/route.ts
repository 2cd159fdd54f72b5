import type { Route } from '#functions/route';

export const route = {
  name: 'complete-sandbox-checkout',
  method: 'POST',
  path: '/api/v1/public/sandbox/checkout/{id}/{outcome}/',
  credentials: 'public',
  scope: null,
  table: 'readWrite',
  sandboxOnly: true,
  status: 303,
  serves: 'redirect',
} as const satisfies Route;
