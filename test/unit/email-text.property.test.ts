// The invoice e-mail carries any text a user may store: the seller's and client's names and the
// number read back from the parsed message (its sender, subject and HTML) as given, and no text adds a
// header, a recipient or an element to the HTML. White space is compared as a reader sees it.
import fc from 'fast-check';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { renderDocument } from '#shared/documents/render';
import type { Invoice } from '#shared/domain/invoice';
import { plain, readHtml } from '#test/support/html';
import { randomInvoice } from '#test/support/random-documents';

async function emailOf(invoice: Invoice) {
  const file = await renderDocument({
    kind: 'invoice-email',
    invoice,
    overdueDays: 0,
    reminder: false,
    payOnline: false,
    mail: { from: 'Billing <billing@service.example>', to: 'ap@buyer.example' },
    publicBaseUrl: 'https://billing.example.com',
  });
  return simpleParser(Buffer.from(file.content as Uint8Array));
}

describe('the invoice e-mail', () => {
  it('reads back the names as given, in its sender, subject and HTML, over 60 random invoices', async () => {
    // One line each: the lines are the attached PDF's, which this test does not read.
    const invoices = fc.sample(randomInvoice, { numRuns: 60, seed: 2611 });
    for (const invoice of invoices.map((each) => ({ ...each, line_items: each.line_items.slice(0, 1) }))) {
      const seller = invoice.seller!.name;
      const email = await emailOf(invoice);
      expect(email.from?.value).toHaveLength(1);
      expect(plain(email.from!.value[0]!.name)).toBe(plain(seller));
      expect(email.from!.value[0]!.address).toBe('billing@service.example');
      expect(plain(email.subject ?? '')).toContain(plain(seller));
      const html = readHtml(String(email.html));
      for (const text of [seller, invoice.buyer!.name, invoice.invoice_number])
        expect(html.text).toContain(plain(text));
      const plainWords = await emailOf({
        ...invoice,
        seller: {
          ...invoice.seller!,
          name: seller
            .split('\n')
            .map(() => 'x')
            .join('\n'),
        },
        buyer: { ...invoice.buyer!, name: 'x' },
        client_name: 'x',
      });
      expect(html.tags).toEqual(readHtml(String(plainWords.html)).tags);
      // No text adds a header or a recipient.
      expect([...email.headers.keys()].sort()).toEqual([...plainWords.headers.keys()].sort());
      expect(JSON.stringify(email.to)).toBe(JSON.stringify(plainWords.to));
    }
  }, 120_000);
});
