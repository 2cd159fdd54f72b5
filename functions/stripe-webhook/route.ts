import type { Route } from '#functions/route';

export const route = {
  name: 'stripe-webhook',
  method: 'POST',
  path: '/api/v1/payments/stripe/webhook/',
  credentials: 'public',
  scope: null,
  table: 'readWrite',
  errors: ['validation_error', 'not_found'],
  usesStripe: true,
} as const satisfies Route;
