import type { Route } from '#functions/route';

export const route = {
  name: 'download-public-e-invoice',
  method: 'GET',
  path: '/api/v1/public/invoices/{token}/e-invoice/',
  credentials: 'public',
  scope: null,
  table: 'read',
  errors: ['invalid_state', 'e_invoice_incomplete', 'archive_mismatch'],
  rendersDocuments: true,
  archives: true,
  serves: 'e-invoice',
} as const satisfies Route;
