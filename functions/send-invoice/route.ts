import type { Route } from '#functions/route';

export const route = {
  name: 'send-invoice',
  method: 'POST',
  path: '/api/v1/invoices/{id}/send/',
  credentials: 'any',
  scope: 'invoices:send',
  table: 'readWrite',
  errors: [
    'invalid_state',
    'e_invoice_incomplete',
    'email_delivery_failed',
    'recipient_suppressed',
    'exchange_rate_unavailable',
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
