// The official EN 16931 examples read into the service's model: each becomes a create-invoice request
// the API accepts, and where the model covers the document, pricing it gives the example's totals to
// the cent. What the model has no place for is named by business term (docs/e-invoicing.md).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatMinor } from '#shared/domain/decimal';
import { priceInvoice } from '#shared/domain/invoice';
import { createInvoiceBody, newInvoiceContent } from '#shared/http/schemas/invoices';
import { readEInvoice } from '#test/support/e-invoice-reader';
import { ARTEFACTS } from '#shared/e-invoice-rules/artefacts';

const EXAMPLES = join(ARTEFACTS, 'examples');
const money = (minor: number) => formatMinor(BigInt(minor));
const amount = (text: string) => Number(text).toFixed(2);

/** What each example holds that the model does not (all others are covered whole). */
const UNCOVERED: Record<string, string[]> = {
  'ubl-tc434-example1.xml': ['BT-131 negative line amount'],
  'CII_example1.xml': ['BT-131 negative line amount'],
  'ubl-tc434-example5.xml': ['BG-21 document charge', 'BG-28 line charge'],
  'CII_business_example_02.xml': ['BT-146 price finer than a cent'],
};

describe('the official EN 16931 examples', () => {
  const files = readdirSync(EXAMPLES).filter((file) => file.endsWith('.xml'));

  it('are all read: three UBL and two CII documents', () => {
    expect(files.map((file) => readEInvoice(readFileSync(join(EXAMPLES, file), 'utf8')).syntax).sort()).toEqual([
      'cii',
      'cii',
      'ubl',
      'ubl',
      'ubl',
    ]);
  });

  for (const file of files)
    it(`${file} reads into a create-invoice request, and prices to its totals where the model covers it`, () => {
      const read = readEInvoice(readFileSync(join(EXAMPLES, file), 'utf8'));
      expect(read.uncovered.sort(), 'uncovered').toEqual((UNCOVERED[file] ?? []).sort());
      expect(read.seller.name).toBeTruthy();
      expect(read.buyer.name).toBeTruthy();
      if (read.body.line_items.length === 0) return;
      const parsed = createInvoiceBody.safeParse({ client: 'cli_01ARZ3NDEKTSV4RRFFQ69G5FAV', ...read.body });
      expect(parsed.error?.issues ?? [], file).toEqual([]);
      // EN 16931 rounds tax once per rate (BR-CO-17).
      const content = newInvoiceContent(parsed.data!);
      const priced = priceInvoice(content.lines, {
        ...(content.discount ? { discount: content.discount } : {}),
        prices_include_tax: false,
        tax_rounding: 'per_rate',
      });
      // Every line the model holds comes to the net amount the example states.
      expect(priced.line_items.map((line) => money(line.net_minor))).toEqual(read.nets.map(amount));
      if (read.uncovered.length > 0) return;
      expect(money(priced.subtotal_minor)).toBe(amount(read.totals.lines));
      expect(money(priced.tax_amount_minor)).toBe(amount(read.totals.tax));
      expect(money(priced.total_amount_minor)).toBe(amount(read.totals.total));
    });
});
