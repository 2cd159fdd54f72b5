import type { Route } from '#functions/route';

export const route = {
  name: 'create-payment-link',
  method: 'POST',
  path: '/api/v1/invoices/{id}/payment-link/',
  credentials: 'any',
  scope: 'invoices:send',
  table: 'readWrite',
  errors: ['invalid_state', 'payments_not_configured'],
  status: 201,
  usesStripe: true,
} as const satisfies Route;
