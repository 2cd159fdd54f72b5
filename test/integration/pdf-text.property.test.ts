// The invoice PDF prints any text a user may store that its font can draw: names, line descriptions
// and notes that look like markup, entities or PDF syntax read back from the PDF's text as given.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderInvoicePdf } from '#shared/documents/invoice-pdf';
import type { Invoice } from '#shared/domain/invoice';
import { invoiceResource } from '#shared/domain/resources/invoice';
import { readPdf } from '#test/support/pdf';
import { randomInvoice } from '#test/support/random-documents';

const TOKENS = [
  'AT&amp;T',
  '&lt;b&gt;',
  '&nbsp;',
  '&#65;',
  '<b>',
  '</p>',
  '"q"',
  "it's",
  ']]>',
  '(x)',
  '\\',
  '%PDF-1.7',
];
/** Characters DejaVu Sans draws, one glyph each: Latin, Latin-1, Greek and Cyrillic letters and signs. */
const DRAWN = [
  ...Array.from({ length: 0x7e - 0x21 + 1 }, (_, index) => 0x21 + index),
  ...Array.from({ length: 0xff - 0xc0 + 1 }, (_, index) => 0xc0 + index),
  ...Array.from({ length: 0x3c9 - 0x391 + 1 }, (_, index) => 0x391 + index).filter((code) => code !== 0x3a2),
  ...Array.from({ length: 0x44f - 0x410 + 1 }, (_, index) => 0x410 + index),
].map((code) => String.fromCodePoint(code));
const word = fc.oneof(
  fc.constantFrom(...TOKENS),
  fc.array(fc.constantFrom(...DRAWN), { minLength: 1, maxLength: 10 }).map((letters) => letters.join('')),
);
/** Up to three short words: no line of the PDF breaks inside one. Ligature pairs are left out: the font joins them. */
const printable = fc
  .array(word, { minLength: 1, maxLength: 3 })
  .map((words) => words.join(' '))
  .filter((text) => !/f[fil]/.test(text));
/** pdftotext places words by their gaps, so white space is not compared. */
const plain = (text: string) => text.replace(/\s+/g, '');
/** Every word of `text` in `shown`, in order: a cell that wraps has its row's figures between its lines. */
function wordsInOrder(shown: string, text: string) {
  let at = 0;
  for (const word of text.split(/\s+/)) {
    const found = shown.indexOf(plain(word), at);
    expect(found, `${JSON.stringify(word)} of ${JSON.stringify(text)}`).toBeGreaterThanOrEqual(0);
    at = found + plain(word).length;
  }
}

describe('the invoice PDF', () => {
  it('prints every name, description and note as given, over 200 random invoices', async () => {
    const texts = fc.sample(fc.array(printable, { minLength: 4, maxLength: 4 }), { numRuns: 200, seed: 170 });
    const invoices = fc.sample(randomInvoice, { numRuns: 200, seed: 1707 });
    for (const [index, base] of invoices.entries()) {
      const [seller, buyer, notes, description] = texts[index]!;
      const invoice: Invoice = {
        ...base,
        client_name: buyer!,
        notes: notes!,
        seller: { ...base.seller!, name: seller! },
        buyer: { ...base.buyer!, name: buyer! },
        line_items: [{ ...base.line_items[0]!, description: description! }],
      };
      const shown = plain(
        readPdf(await renderInvoicePdf({ invoice: invoiceResource(invoice, 'https://b.example') })).text,
      );
      for (const text of [seller!, buyer!, notes!, description!]) wordsInOrder(shown, text);
    }
  }, 300_000);
});
