// The e-invoice formats the service writes (docs/e-invoicing.md "Formats").
export const E_INVOICE_FORMATS = ['ubl', 'cii', 'xrechnung-ubl', 'xrechnung-cii', 'peppol', 'factur-x'] as const;
export type EInvoiceFormat = (typeof E_INVOICE_FORMATS)[number];

/** How documents name each format to a reader. */
export const FORMAT_NAMES: Record<EInvoiceFormat, string> = {
  ubl: 'UBL',
  cii: 'CII',
  'xrechnung-ubl': 'XRechnung',
  'xrechnung-cii': 'XRechnung',
  peppol: 'Peppol BIS Billing 3.0',
  'factur-x': 'Factur-X',
};
