import type { Route } from '#functions/route';

export const route = {
  name: 'peppol-inbound',
  method: 'POST',
  path: '/api/v1/peppol/inbound/{adapter}/',
  credentials: 'public',
  scope: null,
  table: 'none',
  errors: ['validation_error', 'not_found', 'peppol_not_configured', 'peppol_unavailable'],
  usesPeppol: true,
} as const satisfies Route;
