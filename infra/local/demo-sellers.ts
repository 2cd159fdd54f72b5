// The seller profiles of the demo organizations: every detail an invoice must state (name, address,
// VAT id, registration, bank account), so a newcomer's first invoice on `npm run dev` is legally
// complete and, in euros, carries the EPC QR code. Made-up companies with well-formed numbers (the
// VAT ids and IBANs pass their check digits; docs/invoices.md has what an invoice prints).
import type { SellerProfile } from '#shared/domain/seller';

export type DemoSeller = SellerProfile & { currency: string };

export const DEMO_SELLERS = {
  acme: {
    currency: 'EUR',
    legal_name: 'Acme Studio GmbH',
    address: { line1: 'Hauptstraße 1', city: 'Berlin', postal_code: '10115', country: 'DE' },
    tax_id: 'DE136695976',
    peppol_id: '9930:DE136695976',
    registration_number: 'HRB 123456, Amtsgericht Berlin-Charlottenburg',
    email: 'billing@acme-studio.example',
    phone: '+49 30 1234567',
    website: 'https://acme-studio.example',
    payment_instructions: { iban: 'DE89370400440532013000', bic: 'COBADEFFXXX', account_name: 'Acme Studio GmbH' },
  },
  beta: {
    currency: 'EUR',
    legal_name: 'Beta Consulting GmbH',
    address: { line1: 'Ringstraße 5', city: 'Wien', postal_code: '1010', country: 'AT' },
    tax_id: 'ATU13585627',
    peppol_id: '9914:ATU13585627',
    registration_number: 'FN 123456a, Handelsgericht Wien',
    email: 'office@beta-consulting.example',
    payment_instructions: { iban: 'AT611904300234573201', bic: 'BKAUATWW', account_name: 'Beta Consulting GmbH' },
  },
  gamma: {
    currency: 'USD',
    legal_name: 'Gamma Works BV',
    address: { line1: 'Keizersgracht 100', city: 'Amsterdam', postal_code: '1015 AA', country: 'NL' },
    tax_id: 'NL004495445B01',
    peppol_id: '9944:NL004495445B01',
    registration_number: 'KvK 12345678',
    email: 'finance@gamma-works.example',
    payment_instructions: { iban: 'NL91ABNA0417164300', bic: 'ABNANL2A', account_name: 'Gamma Works BV' },
  },
} as const satisfies Record<string, DemoSeller>;
