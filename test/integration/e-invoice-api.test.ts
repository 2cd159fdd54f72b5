// The e-invoice routes as a client uses them: an issued invoice and its credit note in every format,
// checked by the official rules; Factur-X read back with pdf-lib; 422 naming what a format lacks; and
// the organization's default format attached by send and offered on the public page.
import { parse } from 'content-disposition';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, newTenant } from '#test/support/api';
import { austrianSeller, euInvoice, frenchBuyer } from '#test/support/eu-invoice';
import { validateEInvoices, xrechnungViolations } from '#test/support/e-invoice-validator';
import { readFacturX } from '#test/support/factur-x-reader';
import { readPdf } from '#test/support/pdf';
import { storedEmail } from '#test/support/emails';

const XML_FORMATS = ['ubl', 'cii', 'xrechnung-ubl', 'xrechnung-cii', 'peppol'] as const;
const LEITWEG_ID = '991-01234-44';

let tenant: Awaited<ReturnType<typeof newTenant>>;
let clientId: string;
beforeAll(async () => {
  tenant = await newTenant('E-invoicing');
  await call('update-organization', {
    token: tenant.ownerToken,
    body: { ...austrianSeller, default_currency: 'EUR', peppol_id: '9915:ATU13585627' },
  });
  clientId = (
    await call('create-client', { token: tenant.apiKey, body: { ...frenchBuyer, peppol_id: '0009:30326504500017' } })
  ).json.id;
});

const issue = async (extra: Record<string, unknown> = {}) => {
  const created = await call('create-invoice', {
    token: tenant.apiKey,
    body: { client: clientId, issue_date: '2026-11-02', due_date: '2026-12-02', ...euInvoice(), ...extra },
  });
  expect(created.status, created.text).toBe(201);
  await call('send-invoice', { token: tenant.apiKey, params: { id: created.json.id } });
  return created.json;
};
const eInvoiceOf = (id: string, format: string) =>
  call('get-invoice-e-invoice', { token: tenant.apiKey, params: { id }, query: { format } });

describe('GET …/e-invoice/?format=…', () => {
  it('answers an issued invoice and its credit note in every XML format, each valid by the official rules', async () => {
    const draft = (await call('create-invoice', { token: tenant.apiKey, body: { client: clientId, ...euInvoice() } }))
      .json;
    const refused = await eInvoiceOf(draft.id, 'cii');
    expect([refused.status, refused.json.error.code]).toEqual([409, 'invalid_state']);

    const invoice = await issue({ buyer_reference: LEITWEG_ID, purchase_order: 'PO-77' });
    expect([invoice.buyer_reference, invoice.purchase_order]).toEqual([LEITWEG_ID, 'PO-77']);
    const note = (
      await call('create-credit-note', {
        token: tenant.apiKey,
        params: { id: invoice.id },
        body: { lines: [{ line: 0, quantity: 1 }], reason: 'order_change' },
      })
    ).json;
    const files = new Map<string, string>();
    for (const format of XML_FORMATS) {
      const answer = await eInvoiceOf(invoice.id, format);
      expect(answer.status, `${format}: ${answer.text}`).toBe(200);
      expect(answer.headers['content-type']).toContain('application/xml');
      const credit = await call('get-credit-note-e-invoice', {
        token: tenant.apiKey,
        params: { id: note.id },
        query: { format },
      });
      expect(credit.status, `${format}: ${credit.text}`).toBe(200);
      files.set(`${format}-invoice.xml`, answer.text);
      files.set(`${format}-credit-note.xml`, credit.text);
    }
    const ubl = files.get('ubl-invoice.xml')!;
    expect(ubl).toContain('<cbc:TaxInclusiveAmount currencyID="EUR">565.07</cbc:TaxInclusiveAmount>');
    expect(ubl).toContain(`<cbc:BuyerReference>${LEITWEG_ID}</cbc:BuyerReference>`);
    expect(ubl).toContain('<cbc:EndpointID schemeID="0009">30326504500017</cbc:EndpointID>');
    expect(ubl).toContain('<cbc:EndpointID schemeID="9915">ATU13585627</cbc:EndpointID>');
    expect(files.get('cii-invoice.xml')).toContain('<ram:GrandTotalAmount>565.07</ram:GrandTotalAmount>');
    expect(files.get('cii-invoice.xml')).toContain('<ram:IssuerAssignedID>PO-77</ram:IssuerAssignedID>');
    expect(files.get('xrechnung-cii-credit-note.xml')).toContain('<ram:TypeCode>381</ram:TypeCode>');

    const peppol = files.get('peppol-invoice.xml')!;
    expect(peppol).toContain(
      '<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0</cbc:CustomizationID>',
    );
    const asPeppol = await validateEInvoices(new Map([...files].filter(([name]) => name.startsWith('peppol'))), {
      peppol: true,
    });
    expect([asPeppol.failures, asPeppol.output]).toEqual([[], expect.stringContaining('2 passed, 0 failed')]);
    for (const [name, rules] of asPeppol.fired) expect(rules, name).toEqual([]);
    files.delete('peppol-invoice.xml');
    files.delete('peppol-credit-note.xml');
    const plain = new Map([...files].filter(([name]) => !name.startsWith('xrechnung')));
    const xrechnung = new Map([...files].filter(([name]) => name.startsWith('xrechnung')));
    const result = await validateEInvoices(plain);
    expect(result.failures).toEqual([]);
    expect(result.output).toContain(`${plain.size} passed, 0 failed`);
    const asXRechnung = await validateEInvoices(xrechnung, { xrechnung: true });
    expect(asXRechnung.failures).toEqual([]);
    expect(asXRechnung.output).toContain(`${xrechnung.size} passed, 0 failed`);
    for (const [name, rules] of asXRechnung.fired) expect(rules, name).toEqual([]);
  }, 120_000);

  it('renders an issued invoice to the same bytes on every download, in every format and as PDF', async () => {
    const invoice = await issue();
    const token = new URL(invoice.public_url).pathname.split('/').at(-2)!;
    const downloads = async () => [
      (await call('download-public-invoice', { params: { token } })).bytes,
      ...(await Promise.all(
        [...XML_FORMATS, 'factur-x'].map(async (format) => (await eInvoiceOf(invoice.id, format)).bytes),
      )),
    ];
    const first = await downloads();
    // A second later: a clock inside any of them would show.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const second = await downloads();
    expect(second.map((bytes, index) => Buffer.compare(bytes, first[index]!))).toEqual(first.map(() => 0));
  }, 60_000);

  it('answers Factur-X: the invoice PDF as PDF/A-3 carrying the CII as factur-x.xml', async () => {
    const invoice = await issue();
    const answer = await eInvoiceOf(invoice.id, 'factur-x');
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(parse(answer.headers['content-disposition']!)).toEqual({
      type: 'attachment',
      parameters: { filename: `${invoice.invoice_number}.pdf` },
    });
    expect(readPdf(answer.bytes).text).toContain(invoice.invoice_number);

    const read = await readFacturX(answer.bytes);
    const [attachment] = read.attachments;
    expect(read.attachments).toHaveLength(1);
    expect(attachment).toMatchObject({
      name: 'factur-x.xml',
      fileName: 'factur-x.xml',
      unicodeFileName: 'factur-x.xml',
      relationship: '/Alternative',
      mimeType: 'text/xml',
    });
    expect(read.associated).toEqual([String(attachment!.ref)]);
    // The XML inside is the CII the API answers for the invoice.
    expect(attachment!.content).toBe((await eInvoiceOf(invoice.id, 'cii')).text);
    expect(read.metadata).toMatchObject({ type: '/Metadata', subtype: '/XML', filtered: false });
    for (const property of [
      '<pdfaid:part>3</pdfaid:part>',
      '<pdfaid:conformance>B</pdfaid:conformance>',
      '<fx:DocumentType>INVOICE</fx:DocumentType>',
      '<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>',
      '<fx:Version>1.0</fx:Version>',
      '<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>',
      '<pdfaSchema:namespaceURI>urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#</pdfaSchema:namespaceURI>',
      '<dc:title>',
    ])
      expect(read.metadata.xmp).toContain(property);
    // The XMP dates are the Info dictionary's, to the second.
    const created = /<xmp:CreateDate>([^<]+)<\/xmp:CreateDate>/.exec(read.metadata.xmp)![1]!;
    expect(new Date(created).getTime()).toBe(read.info.created!.getTime());
    expect(read.outputIntent).toMatchObject({ subtype: '/GTS_PDFA1', components: 3 });
    expect(read.outputIntent.profileBytes).toBeGreaterThan(1000);
    expect(read.fileId).toMatch(/^\[ <[0-9A-F]{32}> <[0-9A-F]{32}> \]$/i);
    const result = await validateEInvoices(new Map([['factur-x.xml', attachment!.content]]));
    expect(result.output).toContain('1 passed, 0 failed');
  }, 120_000);

  it('refuses an XRechnung whose payment terms break BR-DE-18 with 422, and serves Skonto lines that keep it', async () => {
    const broken = await issue({
      buyer_reference: LEITWEG_ID,
      terms: 'Zahlbar innerhalb von 30 Tagen.\n#Hinweis: bitte überweisen',
    });
    for (const format of ['xrechnung-ubl', 'xrechnung-cii']) {
      const refused = await eInvoiceOf(broken.id, format);
      expect([refused.status, refused.json.error.code], format).toEqual([422, 'e_invoice_incomplete']);
      expect(
        refused.json.error.details.missing.map((gap: { business_term: string; field: string }) => [
          gap.business_term,
          gap.field,
        ]),
      ).toEqual([['BT-20', 'invoice.terms']]);
      expect(refused.json.error.details.missing[0].message).toContain('BR-DE-18');
    }
    // Plain EN 16931 has no such rule.
    expect((await eInvoiceOf(broken.id, 'ubl')).status).toBe(200);
    const skonto = await issue({
      buyer_reference: LEITWEG_ID,
      terms: 'Zahlbar in 30 Tagen.\n#SKONTO#TAGE=7#PROZENT=2.00#\n',
    });
    const files = new Map<string, string>();
    for (const format of ['xrechnung-ubl', 'xrechnung-cii']) {
      const answer = await eInvoiceOf(skonto.id, format);
      expect(answer.status, answer.text).toBe(200);
      files.set(`${format}.xml`, answer.text);
    }
    const validated = await validateEInvoices(files, { xrechnung: true });
    expect(validated.failures).toEqual([]);
  }, 60_000);

  it('answers 422 e_invoice_incomplete naming what the format lacks, by business term', async () => {
    const invoice = await issue();
    const xrechnung = await eInvoiceOf(invoice.id, 'xrechnung-ubl');
    expect([xrechnung.status, xrechnung.json.error.code]).toEqual([422, 'e_invoice_incomplete']);
    expect(xrechnung.json.error.details.missing).toEqual([
      {
        business_term: 'BT-10',
        field: 'invoice.buyer_reference',
        message: 'the buyer reference, such as a Leitweg-ID (BR-DE-15)',
      },
    ]);
    // The same invoice is complete for plain EN 16931; Peppol asks a buyer or order reference (R003).
    expect((await eInvoiceOf(invoice.id, 'ubl')).status).toBe(200);
    const peppol = await eInvoiceOf(invoice.id, 'peppol');
    expect([peppol.status, peppol.json.error.details.missing]).toEqual([
      422,
      [
        {
          business_term: 'BT-10',
          field: 'invoice.buyer_reference',
          message: 'a buyer reference, or a purchase order (BT-13) (PEPPOL-EN16931-R003)',
          rule: 'PEPPOL-EN16931-R003',
        },
      ],
    ]);
    expect((await eInvoiceOf((await issue({ purchase_order: 'PO-9' })).id, 'peppol')).status).toBe(200);

    const bare = await newTenant('Bare');
    const client = (
      await call('create-client', { token: bare.apiKey, body: { name: 'No country', email: 'n@x.example' } })
    ).json.id;
    const created = await call('create-invoice', {
      token: bare.apiKey,
      body: { client, line_items: [{ description: 'x', quantity: 1, unit_price: '10.00', tax_rate: '20' }] },
    });
    await call('send-invoice', { token: bare.apiKey, params: { id: created.json.id } });
    const terms = async (format: string) =>
      (
        await call('get-invoice-e-invoice', { token: bare.apiKey, params: { id: created.json.id }, query: { format } })
      ).json.error.details.missing.map((gap: { business_term: string }) => gap.business_term);
    expect(await terms('cii')).toEqual(['BG-5', 'BT-31', 'BT-55']);
    expect(await terms('factur-x')).toEqual(['BG-5', 'BT-31', 'BT-55']);
    expect(await terms('xrechnung-cii')).toEqual([
      'BG-5',
      'BT-31',
      'BT-55',
      'BT-10',
      'BT-42',
      'BT-43',
      'BT-84',
      'BT-52',
      'BT-53',
    ]);
    const unknown = await call('get-invoice-e-invoice', {
      token: bare.apiKey,
      params: { id: created.json.id },
      query: { format: 'pdf' },
    });
    expect([unknown.status, Object.keys(unknown.json.error.details.fields)]).toEqual([400, ['format']]);
  }, 60_000);

  it('refuses a Peppol id outside the Peppol EAS list or failing its scheme’s check, on clients and the organization', async () => {
    for (const peppol_id of [
      '0123456789',
      '1234:0123',
      '0208:',
      'EM:has space',
      'EM:billing@buyer.example',
      '0037:003712345',
      '0208:0123456748',
      '0088:4000001000006',
    ])
      for (const [route, token] of [
        ['create-client', tenant.apiKey],
        ['update-organization', tenant.ownerToken],
      ] as const) {
        const refused = await call(route, { token, body: { name: 'X', email: 'x@x.example', peppol_id } });
        expect([refused.status, Object.keys(refused.json.error.details.fields)], `${route} ${peppol_id}`).toEqual([
          400,
          ['peppol_id'],
        ]);
      }
    const client = await call('get-client', { token: tenant.apiKey, params: { id: clientId } });
    expect(client.json.peppol_id).toBe('0009:30326504500017');
  });

  it('takes a Peppol id back with null, on a client and on the organization', async () => {
    const other = await newTenant('Peppol id removed');
    const organization = await call('update-organization', {
      token: other.ownerToken,
      body: { ...austrianSeller, default_currency: 'EUR', peppol_id: '9915:ATU13585627' },
    });
    expect(organization.json.peppol_id).toBe('9915:ATU13585627');
    const created = await call('create-client', {
      token: other.apiKey,
      body: { ...frenchBuyer, peppol_id: '0009:30326504500017' },
    });
    const removed = await call('update-client', {
      token: other.apiKey,
      params: { id: created.json.id },
      body: { peppol_id: null },
    });
    expect([removed.status, removed.json.peppol_id]).toEqual([200, null]);
    const reread = await call('get-client', { token: other.apiKey, params: { id: created.json.id } });
    expect([reread.json.peppol_id, reread.json.name]).toEqual([null, frenchBuyer.name]);
    const cleared = await call('update-organization', { token: other.ownerToken, body: { peppol_id: null } });
    expect([cleared.status, cleared.json.peppol_id]).toEqual([200, null]);
    const again = await call('get-organization', { token: other.apiKey });
    expect(again.json.peppol_id).toBeNull();
    // Without either id, a Peppol document names both business terms.
    const invoice = await call('create-invoice', {
      token: other.apiKey,
      body: { client: created.json.id, issue_date: '2026-11-02', due_date: '2026-12-02', ...euInvoice() },
    });
    await call('send-invoice', { token: other.apiKey, params: { id: invoice.json.id } });
    const refused = await call('get-invoice-e-invoice', {
      token: other.apiKey,
      params: { id: invoice.json.id },
      query: { format: 'peppol' },
    });
    expect(refused.status).toBe(422);
    expect(refused.json.error.details.missing.map((gap: { business_term: string }) => gap.business_term)).toEqual(
      expect.arrayContaining(['BT-34', 'BT-49']),
    );
    const stillRefused = await call('create-client', {
      token: other.apiKey,
      body: { ...frenchBuyer, peppol_id: null },
    });
    expect([stillRefused.status, Object.keys(stillRefused.json.error.details.fields)]).toEqual([400, ['peppol_id']]);
  });
});

describe("the organization's default e-invoice format", () => {
  const sentEmail = async (invoiceId: string) => {
    const sent = await call('get-invoice', { token: tenant.apiKey, params: { id: invoiceId } });
    return storedEmail(sent.json.sendings.at(-1).message_id);
  };
  const setFormat = (e_invoice_format: string | null) =>
    call('update-organization', { token: tenant.ownerToken, body: { e_invoice_format } });

  it('is attached by send beside the PDF, or as the PDF itself for Factur-X, and offered by the public page', async () => {
    expect((await setFormat('xrechnung-cii')).json.e_invoice_format).toBe('xrechnung-cii');
    const invoice = await issue({ buyer_reference: LEITWEG_ID });
    const email = await sentEmail(invoice.id);
    expect(email.attachments.map((each) => [each.filename, each.contentType])).toEqual([
      [`${invoice.invoice_number}.pdf`, 'application/pdf'],
      [`${invoice.invoice_number}-xrechnung.xml`, 'application/xml'],
    ]);
    const xml = Buffer.from(email.attachments[1]!.content, 'base64').toString('utf8');
    expect(await xrechnungViolations(xml)).toEqual([]);
    const token = new URL(invoice.public_url).pathname.split('/').at(-2)!;
    const page = await call('view-public-invoice', { params: { token } });
    expect(page.text).toContain('<a href="e-invoice/">Télécharger la facture électronique (XRechnung)</a>');
    const download = await call('download-public-e-invoice', { params: { token } });
    expect([download.status, download.text]).toEqual([200, xml]);

    // A credit note of it goes out the same way, and its page offers its own e-invoice.
    const note = (
      await call('create-credit-note', {
        token: tenant.apiKey,
        params: { id: invoice.id },
        body: { amount: '10.00', description: 'Gutschrift', reason: 'order_change' },
      })
    ).json;
    const sentNote = await call('send-credit-note', { token: tenant.apiKey, params: { id: note.id } });
    expect(sentNote.status, sentNote.text).toBe(200);
    const noteEmail = await storedEmail(
      (await call('get-credit-note', { token: tenant.apiKey, params: { id: note.id } })).json.sendings[0].message_id,
    );
    expect(noteEmail.attachments.map((each) => each.filename)).toEqual([
      `${note.credit_note_number}.pdf`,
      `${note.credit_note_number}-xrechnung.xml`,
    ]);
    const noteXml = Buffer.from(noteEmail.attachments[1]!.content, 'base64').toString('utf8');
    expect(noteXml).toContain('<ram:TypeCode>381</ram:TypeCode>');
    expect(await xrechnungViolations(noteXml)).toEqual([]);
    const noteToken = new URL(note.public_url).pathname.split('/').at(-2)!;
    expect((await call('view-public-credit-note', { params: { token: noteToken } })).text).toContain(
      '<a href="e-invoice/">',
    );
    const noteDownload = await call('download-public-credit-note-e-invoice', { params: { token: noteToken } });
    expect([noteDownload.status, noteDownload.text]).toEqual([200, noteXml]);

    // Without a buyer reference the invoice cannot be an XRechnung: send refuses and sends nothing.
    const draft = (await call('create-invoice', { token: tenant.apiKey, body: { client: clientId, ...euInvoice() } }))
      .json;
    const refused = await call('send-invoice', { token: tenant.apiKey, params: { id: draft.id } });
    expect([refused.status, refused.json.error.code]).toEqual([422, 'e_invoice_incomplete']);
    expect((await call('get-invoice', { token: tenant.apiKey, params: { id: draft.id } })).json.status).toBe('draft');

    await setFormat('factur-x');
    const facturX = await issue();
    const [pdf] = (await sentEmail(facturX.id)).attachments;
    expect(pdf).toMatchObject({ filename: `${facturX.invoice_number}.pdf`, contentType: 'application/pdf' });
    expect((await readFacturX(Buffer.from(pdf!.content, 'base64'))).attachments[0]!.name).toBe('factur-x.xml');

    expect((await setFormat(null)).json.e_invoice_format).toBeNull();
    const plainToken = new URL(facturX.public_url).pathname.split('/').at(-2)!;
    expect((await call('view-public-invoice', { params: { token: plainToken } })).text).not.toContain('e-invoice/');
    expect((await call('download-public-e-invoice', { params: { token: plainToken } })).status).toBe(404);
    expect((await call('download-public-credit-note-e-invoice', { params: { token: noteToken } })).status).toBe(404);
    const bad = await call('update-organization', { token: tenant.ownerToken, body: { e_invoice_format: 'pdf' } });
    expect([bad.status, Object.keys(bad.json.error.details.fields)]).toEqual([400, ['e_invoice_format']]);
  }, 120_000);
});
