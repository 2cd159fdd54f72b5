import type { Route } from '#functions/route';

export const route = {
  name: 'resume-recurring-invoice',
  method: 'POST',
  path: '/api/v1/recurring-invoices/{id}/resume/',
  credentials: 'any',
  scope: 'recurring:write',
  table: 'readWrite',
  errors: ['invalid_state'],
} as const satisfies Route;
