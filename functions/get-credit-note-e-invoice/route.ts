import type { Route } from '#functions/route';

export const route = {
  name: 'get-credit-note-e-invoice',
  method: 'GET',
  path: '/api/v1/credit-notes/{id}/e-invoice/',
  credentials: 'any',
  scope: 'credit_notes:read',
  table: 'read',
  errors: ['e_invoice_incomplete', 'archive_mismatch'],
  rendersDocuments: true,
  archives: true,
  serves: 'e-invoice',
} as const satisfies Route;
