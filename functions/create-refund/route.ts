import type { Route } from '#functions/route';

export const route = {
  name: 'create-refund',
  method: 'POST',
  path: '/api/v1/credit-notes/{id}/refunds/',
  credentials: 'any',
  scope: 'credit_notes:write',
  table: 'readWrite',
  errors: ['invalid_state', 'payments_not_configured'],
  status: 201,
  usesStripe: true,
} as const satisfies Route;
