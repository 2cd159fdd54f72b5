import type { Route } from '#functions/route';

export const route = {
  name: 'get-exchange-rate',
  method: 'GET',
  path: '/api/v1/exchange-rates/',
  credentials: 'any',
  scope: 'invoices:read',
  table: 'read',
  errors: ['exchange_rate_unavailable'],
} as const satisfies Route;
