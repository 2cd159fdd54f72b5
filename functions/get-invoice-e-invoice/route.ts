import type { Route } from '#functions/route';

export const route = {
  name: 'get-invoice-e-invoice',
  method: 'GET',
  path: '/api/v1/invoices/{id}/e-invoice/',
  credentials: 'any',
  scope: 'invoices:read',
  table: 'read',
  errors: ['invalid_state', 'e_invoice_incomplete', 'archive_mismatch'],
  rendersDocuments: true,
  archives: true,
  serves: 'e-invoice',
} as const satisfies Route;
