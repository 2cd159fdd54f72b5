import type { Route } from '#functions/route';

export const route = {
  name: 'send-quote',
  method: 'POST',
  path: '/api/v1/quotes/{id}/send/',
  credentials: 'any',
  scope: 'quotes:write',
  table: 'readWrite',
  errors: ['invalid_state', 'email_delivery_failed', 'recipient_suppressed'],
  sendsEmail: true,
  rendersDocuments: true,
} as const satisfies Route;
