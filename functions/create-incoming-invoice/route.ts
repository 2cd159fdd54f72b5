import type { Route } from '#functions/route';

export const route = {
  name: 'create-incoming-invoice',
  method: 'POST',
  path: '/api/v1/incoming-invoices/',
  credentials: 'any',
  scope: 'incoming_invoices:write',
  table: 'readWrite',
  status: 201,
  existingStatus: 200,
  errors: ['e_invoice_unreadable'],
  receivesInvoices: true,
  archives: true,
} as const satisfies Route;
