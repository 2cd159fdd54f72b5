// The invoice docs/invoices.md walks through, between parties in two EU countries: a seller in
// Austria, a buyer in France, a line and a document discount, two rates, an exempt line and a
// reverse-charge line. Its figures: subtotal 540.00, discount 27.00, tax 52.07, total 565.07.

export const austrianSeller = {
  legal_name: 'Weinhaus GmbH',
  address: { line1: 'Hauptstraße 1', city: 'Wien', postal_code: '1010', country: 'AT' },
  tax_id: 'ATU13585627',
  registration_number: 'FN 123456a',
  email: 'office@weinhaus.example',
  phone: '+43 1 234567',
  website: 'https://weinhaus.example',
  payment_instructions: { iban: 'AT611904300234573201', bic: 'BKAUATWW', account_name: 'Weinhaus GmbH' },
};

export const frenchBuyer = {
  name: 'Société Générale de Test',
  email: 'compta@sgt.example',
  address: '29 boulevard Haussmann',
  city: 'Paris',
  postal_code: '75009',
  country: 'FR',
  tax_id: 'FR40303265045',
  locale: 'fr-FR',
};

/** The request body's content, its first line described as given. */
export const euInvoice = (firstLine = 'Wein, Kiste') => ({
  supply_date: '2026-10-30',
  discount: { percent: '5' },
  line_items: [
    {
      description: firstLine,
      quantity: 3,
      unit: 'XBX',
      unit_price: '100.00',
      tax_rate: '19',
      discount: { percent: '10' },
    },
    { description: 'Buch', quantity: 1, unit_price: '50.00', tax_rate: '7' },
    {
      description: 'Weinseminar',
      quantity: 2,
      unit: 'HUR',
      unit_price: '20.00',
      tax_category: 'E',
      tax_exemption_reason: 'Art. 132(1)(i) MwStSystRL',
    },
    { description: 'Beratung', quantity: 1, unit_price: '200.00', tax_category: 'AE', discount: { amount: '20.00' } },
  ],
});
