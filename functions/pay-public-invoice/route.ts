import type { Route } from '#functions/route';

export const route = {
  name: 'pay-public-invoice',
  method: 'POST',
  path: '/api/v1/public/invoices/{token}/pay/',
  credentials: 'public',
  scope: null,
  table: 'readWrite',
  errors: ['invalid_state', 'payments_not_configured'],
  usesStripe: true,
  status: 303,
  serves: 'redirect',
} as const satisfies Route;
