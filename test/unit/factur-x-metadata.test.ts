// The Factur-X XMP says who wrote the document and what it is exactly as the PDF's Info dictionary
// does, whatever the text: entities, markup and line breaks are written once escaped.
import { DOMParser } from '@xmldom/xmldom';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { embedFacturX } from '#shared/documents/factur-x';
import { readFacturX } from '#test/support/factur-x-reader';

describe('the Factur-X metadata', () => {
  it('reads back the title and author as given, and as the Info dictionary holds them', async () => {
    const author = 'AT&amp;T &lt;Holding&gt; &#65; Preis&nbsp;netto <b>&</b>\r\n"quoted"';
    const title = 'Invoice &#x42; ]]> 😀';
    const pdf = await PDFDocument.create();
    pdf.addPage();
    pdf.setAuthor(author);
    pdf.setTitle(title);
    await embedFacturX(pdf, '<rsm:CrossIndustryInvoice/>', { title, author, at: new Date('2026-11-01T00:00:00Z') });
    const read = await readFacturX(await pdf.save());
    const xmp = new DOMParser().parseFromString(read.metadata.xmp, 'text/xml');
    const text = (name: string) => xmp.getElementsByTagName(name)[0]!.getElementsByTagName('rdf:li')[0]!.textContent;
    expect([text('dc:creator'), text('dc:title')]).toEqual([author, title]);
    const saved = await PDFDocument.load(await pdf.save(), { updateMetadata: false });
    expect([saved.getAuthor(), saved.getTitle()]).toEqual([author, title]);
  });
});
