import type { Route } from '#functions/route';

export const route = {
  name: 'answer-public-quote',
  method: 'POST',
  path: '/api/v1/public/quotes/{token}/answer/',
  credentials: 'public',
  scope: null,
  table: 'readWrite',
  status: 303,
  serves: 'redirect',
} as const satisfies Route;
