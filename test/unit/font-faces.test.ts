// The Latin faces: chosen only when every text of a document is Latin and its language one of the
// documents' own, made again from DejaVu exactly as kept in assets/fonts, without layout tables, and
// printing what they are given.
import { readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LATIN_FACES, latinFace } from '#infra/fonts/latin-subset';
import { packageAssetPath } from '#shared/documents/assets';
import { facesFor, LATIN_RANGES } from '#shared/documents/font-faces';
import { renderInvoicePdf } from '#shared/documents/invoice-pdf';
import type { Invoice } from '#shared/domain/invoice';
import { invoiceResource } from '#shared/domain/resources/invoice';
import { readPdf } from '#test/support/pdf';
import { randomInvoice } from '#test/support/random-documents';

describe('the faces of a document', () => {
  it('are Latin for Latin text in a language of the documents, full otherwise', () => {
    expect(facesFor('de', { name: 'Müller & Söhne – „Größe“ 1 234,50 €', lines: ['Łódź', 'Nguyễn', '−5,00'] })).toBe(
      'latin',
    );
    expect(facesFor('fr-CH', { note: 'Zahlbar\tinnerhalb\r\nvon 30 Tagen', logo: new Uint8Array([0xd0, 0x9f]) })).toBe(
      'latin',
    );
    expect(facesFor('de', { name: 'ООО Ромашка' })).toBe('full');
    expect(facesFor('en', { name: 'Ελληνικά' })).toBe('full');
    expect(facesFor('en', { name: 'e\u0301' })).toBe('full'); // a combining mark needs the layout tables
    expect(facesFor('ja', { name: 'Plain ASCII' })).toBe('full'); // Intl may write Japanese
  });
});

describe('the Latin faces', () => {
  for (const { from, to } of LATIN_FACES)
    it(`${to} is DejaVu cut to the Latin ranges, without layout tables, as kept`, async () => {
      const made = await latinFace(readFileSync(packageAssetPath(from)));
      expect(made.equals(readFileSync(packageAssetPath(to))), 'assets/fonts differs: run npm run fonts').toBe(true);
      const latin = fontkit.create(made);
      const full = fontkit.create(readFileSync(packageAssetPath(from)));
      const tables = Object.keys((latin as unknown as { directory: { tables: object } }).directory.tables);
      expect(tables).not.toContain('GSUB');
      expect(tables).not.toContain('GPOS');
      const wanted = full.characterSet.filter((code) => LATIN_RANGES.some(([a, b]) => code >= a && code <= b));
      // HarfBuzz maps U+FFFF to .notdef in the subset's character map; nothing prints it.
      expect(new Set(latin.characterSet.filter((code) => code !== 0xffff))).toEqual(new Set(wanted));
      // Same advance for every character: a line measures as it would in the full face, unkerned.
      for (const code of wanted.filter((_, index) => index % 7 === 0))
        expect(latin.glyphForCodePoint(code).advanceWidth).toBe(full.glyphForCodePoint(code).advanceWidth);
    });

  it('print a Latin invoice’s texts as given', async () => {
    const [invoice] = fc.sample(randomInvoice, { numRuns: 1, seed: 11 });
    const texts = ['Müller & Söhne GmbH', 'Nguyễn Thị Ánh – Beratung „Q3“', 'Łódź № 7, 1 234,50 € ‰'];
    const latin = {
      ...invoice!,
      locale: 'de',
      client_name: texts[0]!,
      buyer: { ...invoice!.buyer, name: texts[0]! },
      seller: { ...invoice!.seller, name: 'Seller AG' },
      line_items: invoice!.line_items.slice(0, 2).map((line, index) => ({ ...line, description: texts[index + 1]! })),
      notes: 'Vielen Dank',
      terms: 'Zahlbar innerhalb von 30 Tagen',
    };
    const resource = invoiceResource(latin as Invoice, 'http://127.0.0.1:3000');
    const { text } = readPdf(await renderInvoicePdf({ invoice: resource, logo: undefined }));
    // A description may wrap in its column: each word reads back as given.
    for (const word of texts.flatMap((given) => given.split(' '))) expect(text).toContain(word);
  });
});
