import type { Route } from '#functions/route';

export const route = {
  name: 'peppol-status',
  method: 'POST',
  path: '/api/v1/peppol/status/{adapter}/',
  credentials: 'public',
  scope: null,
  table: 'readWrite',
  errors: ['not_found', 'peppol_not_configured', 'peppol_unavailable'],
  usesPeppol: true,
} as const satisfies Route;
