import type { Route } from '#functions/route';

export const route = {
  name: 'send-credit-note',
  method: 'POST',
  path: '/api/v1/credit-notes/{id}/send/',
  credentials: 'any',
  scope: 'credit_notes:write',
  table: 'readWrite',
  errors: [
    'e_invoice_incomplete',
    'email_delivery_failed',
    'recipient_suppressed',
    'peppol_not_configured',
    'peppol_unreachable',
    'peppol_unavailable',
    'archive_mismatch',
  ],
  sendsEmail: true,
  rendersDocuments: true,
  archives: true,
  usesPeppol: true,
} as const satisfies Route;
