// The public page carries any text a user may store as text: every name, description and note reads
// back from the parsed page as given, and none of it adds an element the page does not have.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderInvoicePage } from '#shared/documents/invoice-page';
import type { Invoice } from '#shared/domain/invoice';
import { invoiceResource } from '#shared/domain/resources/invoice';
import { plain, readHtml } from '#test/support/html';
import { randomInvoice } from '#test/support/random-documents';

const pageOf = (invoice: Invoice) =>
  readHtml(renderInvoicePage({ invoice: invoiceResource(invoice, 'https://billing.example.com') }));
/** A plain word on each of the text's lines: the page breaks lines as the user did. */
const word = (text: string) =>
  text
    .split('\n')
    .map(() => 'x')
    .join('\n');
/** The same invoice with every text the user gave replaced by plain words. */
const plainTexts = (invoice: Invoice): Invoice => ({
  ...invoice,
  client_name: word(invoice.client_name),
  notes: word(invoice.notes!),
  seller: { ...invoice.seller!, name: word(invoice.seller!.name) },
  buyer: { ...invoice.buyer!, name: word(invoice.buyer!.name) },
  line_items: invoice.line_items.map((line) => ({ ...line, description: word(line.description) })),
});

describe('the public page', () => {
  it('shows every text as given and gains no element from it, over 200 random invoices', () => {
    for (const invoice of fc.sample(randomInvoice, { numRuns: 200, seed: 1105 })) {
      const page = pageOf(invoice);
      for (const text of [
        invoice.seller!.name,
        invoice.buyer!.name,
        invoice.notes!,
        ...invoice.line_items.map((line) => line.description),
      ])
        expect(page.text, JSON.stringify(text)).toContain(plain(text));
      expect(page.tags).toEqual(pageOf(plainTexts(invoice)).tags);
    }
  });
});
