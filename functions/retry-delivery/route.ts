import type { Route } from '#functions/route';

export const route = {
  name: 'retry-delivery',
  method: 'POST',
  path: '/api/v1/webhooks/{id}/deliveries/{delivery_id}/retry/',
  credentials: 'any',
  scope: 'webhooks:write',
  table: 'readWrite',
  status: 202,
  queuesDeliveries: true,
} as const satisfies Route;
