import type { Route } from '#functions/route';

export const route = {
  name: 'get-peppol-participant',
  method: 'GET',
  path: '/api/v1/peppol/participants/{participant_id}/',
  credentials: 'any',
  scope: 'clients:read',
  // The access point's answer is kept for a day.
  table: 'readWrite',
  errors: ['peppol_not_configured', 'peppol_unavailable'],
  usesPeppol: true,
} as const satisfies Route;
