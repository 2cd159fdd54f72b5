import type { Route } from '#functions/route';

export const route = {
  name: 'download-public-credit-note-e-invoice',
  method: 'GET',
  path: '/api/v1/public/credit-notes/{token}/e-invoice/',
  credentials: 'public',
  scope: null,
  table: 'read',
  errors: ['e_invoice_incomplete', 'archive_mismatch'],
  rendersDocuments: true,
  archives: true,
  serves: 'e-invoice',
} as const satisfies Route;
