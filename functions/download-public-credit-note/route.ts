import type { Route } from '#functions/route';

export const route = {
  name: 'download-public-credit-note',
  method: 'GET',
  path: '/api/v1/public/credit-notes/{token}/pdf/',
  credentials: 'public',
  scope: null,
  table: 'read',
  rendersDocuments: true,
  archives: true,
  errors: ['archive_mismatch'],
  serves: 'pdf',
} as const satisfies Route;
