import type { Route } from '#functions/route';

export const route = {
  name: 'get-openapi',
  method: 'GET',
  path: '/api/v1/openapi.json',
  credentials: 'public',
  scope: null,
  table: 'none',
  servesOpenApi: true,
} as const satisfies Route;
