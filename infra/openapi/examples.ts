// A request body for every operation that takes one, as a developer would first send it. The
// document shows them; a test parses each with its route's schema, so an example cannot go stale.
import type { RouteName } from '#functions/routes';

const CLIENT = 'cli_01JD3M8Q5W0000000000000000';
const line = { description: 'Consulting, November', quantity: 10, unit: 'HUR', unit_price: '120.00', tax_rate: '19' };

export const REQUEST_EXAMPLES: Partial<Record<RouteName, unknown>> = {
  'exchange-token': { idp_token: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjM0In0.c2lnbmF0dXJl' },
  'refresh-token': { refresh: 'rt_4f2a9c0d6e1b8a7f3c5d9e0a1b2c3d4e' },
  logout: { refresh: 'rt_4f2a9c0d6e1b8a7f3c5d9e0a1b2c3d4e' },
  'update-organization': {
    legal_name: 'Acme GmbH',
    address: { line1: 'Hauptstraße 1', city: 'Berlin', postal_code: '10115', country: 'DE' },
    tax_id: 'DE136695976',
    payment_instructions: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' },
  },
  'update-member': { role: 'admin' },
  'create-invitation': { email: 'accountant@acme.example', role: 'member' },
  'create-api-key': { name: 'Billing sync', scopes: ['clients:read', 'invoices:read', 'invoices:write'] },
  'create-client': {
    name: 'Globex Corporation',
    email: 'billing@globex.example',
    address: '1 Main Street',
    city: 'Springfield',
    postal_code: '12345',
    country: 'US',
  },
  'update-client': { email: 'accounts@globex.example', phone: '+1 555 0100' },
  'create-invoice': {
    client: CLIENT,
    currency: 'EUR',
    line_items: [line, { description: 'Travel', quantity: 1, unit_price: '80.00', tax_rate: '19' }],
    notes: 'Thank you for your business.',
    purchase_order: 'PO-2026-118',
  },
  'update-invoice': { due_date: '2026-12-31', discount: { percent: '5' } },
  'send-invoice': { email: 'billing@globex.example' },
  'send-reminder': { email: 'billing@globex.example' },
  'charge-late-fee': { as_of: '2026-11-20' },
  'record-payment': { amount: '500.00', method: 'bank_transfer', reference: 'SEPA 2026-11-23' },
  'create-credit-note': { lines: [{ line: 0, quantity: 2 }], reason: 'order_change', memo: 'Two hours not worked' },
  'create-export': { kind: 'invoices', format: 'csv', from: '2026-11-01', to: '2026-11-30' },
  'update-credit-note': { metadata: { refund_ticket: 'T-4411', crm_case: '' } },
  'send-credit-note': { email: 'billing@globex.example' },
  'reject-incoming-invoice': { reason: 'The order number is not ours' },
  'accept-incoming-invoice': { reason: 'Booked against PO-2026-91' },
  'mark-incoming-invoice-paid': { reason: 'Paid by transfer on 2026-12-01' },
  'match-bank-transaction': { invoice: 'inv_01JD3M8Q5W0000000000000000', amount: '500.00' },
  'create-refund': { amount: '100.00', method: 'bank_transfer', reference: 'Refund of credit note CN-0001' },
  'create-quote': {
    client: CLIENT,
    currency: 'EUR',
    expiry_date: '2026-12-31',
    line_items: [line, { description: 'Travel', quantity: 1, unit_price: '80.00', tax_rate: '19' }],
    notes: 'Prices valid for the scope described.',
  },
  'update-quote': { expiry_date: '2027-01-15', discount: { percent: '5' } },
  'send-quote': { email: 'billing@globex.example' },
  'convert-quote': { kind: 'deposit', percent: '30' },
  'answer-public-quote': { decision: 'accept', version: '2', name: 'Ada Reader' },
  'create-recurring-invoice': {
    client: CLIENT,
    frequency: 'monthly',
    start_date: '2026-12-01',
    line_items: [{ description: 'Hosting', quantity: 1, unit_price: '49.00', tax_rate: '19' }],
    auto_send: true,
  },
  'update-recurring-invoice': { max_count: 12 },
  'create-webhook': { url: 'https://hooks.example.com/invoicing', events: ['invoice.paid', 'invoice.overdue'] },
  'update-webhook': { events: ['*'] },
};
