import type { Route } from '#functions/route';

export const route = {
  name: 'send-reminder',
  method: 'POST',
  path: '/api/v1/invoices/{id}/reminders/',
  status: 201,
  credentials: 'any',
  scope: 'invoices:send',
  table: 'readWrite',
  errors: [
    'invalid_state',
    'e_invoice_incomplete',
    'email_delivery_failed',
    'recipient_suppressed',
    'archive_mismatch',
  ],
  sendsEmail: true,
  rendersDocuments: true,
  archives: true,
} as const satisfies Route;
