// The EPC QR code for a SEPA credit transfer (EPC069-12 "Quick Response Code", version 002): banking
// apps read it and fill in beneficiary, IBAN, amount and reference. Drawn by the `qrcode` library.
import QRCode from 'qrcode';
import { htmlText } from '#shared/documents/html-text';

/** Remittance information is one of two: a structured creditor reference, or free text. */
export type CreditTransfer = { name: string; iban: string; bic?: string; amount: string } & (
  | { structuredReference: string; reference?: never }
  | { reference: string; structuredReference?: never }
);

/** The payload, line by line as the guideline orders it; version 002 makes the BIC optional in the EEA. */
export const epcPayload = ({ name, iban, bic, amount, reference, structuredReference }: CreditTransfer) =>
  [
    'BCD',
    '002',
    '1', // UTF-8
    'SCT',
    bic ?? '',
    name.slice(0, 70),
    iban,
    `EUR${amount}`,
    '', // purpose
    structuredReference?.slice(0, 35) ?? '',
    reference?.slice(0, 140) ?? '',
  ]
    .join('\n')
    // Nothing follows the last element given (a structured reference leaves the text line out).
    .replace(/\n+$/, '');

/**
 * The code's modules, dark or light, row by row: error correction M, as the guideline requires, and
 * the payload as one segment of UTF-8 bytes, the character set its third line declares.
 */
export function qrModules(payload: string): { size: number; dark: (row: number, column: number) => boolean } {
  const { modules } = QRCode.create([{ data: new TextEncoder().encode(payload), mode: 'byte' }], {
    errorCorrectionLevel: 'M',
  });
  return { size: modules.size, dark: (row, column) => Boolean(modules.get(row, column)) };
}

/** The code as an SVG element, for HTML. */
export function qrSvg(payload: string, label: string): string {
  const { size, dark } = qrModules(payload);
  const quiet = 4;
  const cells: string[] = [];
  for (let row = 0; row < size; row++)
    for (let column = 0; column < size; column++)
      if (dark(row, column)) cells.push(`M${column + quiet} ${row + quiet}h1v1h-1z`);
  const side = size + 2 * quiet;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" width="160" height="160" role="img" ` +
    `aria-label="${htmlText(label)}" shape-rendering="crispEdges"><rect width="100%" height="100%" fill="#fff"/>` +
    `<path d="${cells.join('')}" fill="#000"/></svg>`
  );
}
