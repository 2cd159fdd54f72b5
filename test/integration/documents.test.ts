// The invoice in its three channels — PDF, public page, e-mail — checked where a person would look:
// the PDF's text, fonts and images by poppler, its QR code decoded from the rendered page, the page in
// headless Chromium at phone and desktop widths (screenshots kept in .artifacts/documents), the e-mail
// as the SES emulator stored it. One invoice to a client in another EU country, with a discount, two
// rates, an exempt line and a reverse-charge line, in French (the client's language) and German.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { bundleHandler } from '#bench/bundle';
import { ROUTES, type Route } from '#functions/routes';
import { DOCUMENT_RENDERER, PAYMENT_GATEWAY, QUEUES, type QueueSpec } from '#functions/topology';
import { assetCommands } from '#infra/constructs/service-function';
import { epcPayload } from '#shared/documents/epc-qr';
import { fileOf, logoText, type RenderAnswer, type RenderRequest } from '#shared/documents/render-requests';
import { createDb } from '#shared/data/table';
import { findPublicInvoice } from '#shared/data/public-invoices';
import { call, newTenant } from '#test/support/api';
import { launchChromium, noBrowser } from '#test/support/browser';
import { austrianSeller, euInvoice, frenchBuyer } from '#test/support/eu-invoice';
import { qrInPdf, qrInPng, readPdf } from '#test/support/pdf';
import { storedEmail } from '#test/support/emails';

const ARTIFACTS = join(process.cwd(), '.artifacts', 'documents');
const UNICODE = 'Łódź Café ✓ — Ελληνικά, Кириллица, Tiếng Việt';

/** A 120 × 40 PNG: the organization's logo. */
const logoPng = () => {
  const png = new PNG({ width: 120, height: 40 });
  for (let index = 0; index < png.data.length; index += 4) png.data.set([20, 90, 160, 255], index);
  return PNG.sync.write(png);
};

const seller = { ...austrianSeller, default_currency: 'EUR' };
const buyer = frenchBuyer;

/** Text as a person reads it: the no-break spaces Intl puts in numbers read as spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

type Tenant = Awaited<ReturnType<typeof newTenant>>;
let tenant: Tenant;
let invoice: Record<string, any>;
let browser: Browser;

beforeAll(async () => {
  tenant = await newTenant('Weinhaus');
  const logo = `data:image/png;base64,${logoPng().toString('base64')}`;
  const profile = await call('update-organization', { token: tenant.ownerToken, body: { ...seller, logo } });
  expect(profile.status, profile.text).toBe(200);
  const client = await call('create-client', { token: tenant.apiKey, body: buyer });
  const created = await call('create-invoice', {
    token: tenant.apiKey,
    body: {
      client: client.json.id,
      issue_date: '2026-11-02',
      due_date: '2026-12-02',
      ...euInvoice(UNICODE),
      notes: 'Merci pour votre confiance.',
      terms: 'Paiement à 30 jours.',
    },
  });
  expect(created.status, created.text).toBe(201);
  invoice = created.json;
  if (!noBrowser) browser = await launchChromium();
  mkdirSync(ARTIFACTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
});

const token = () => new URL(invoice.public_url).pathname.split('/').at(-2)!;
const pdfOf = async () => (await call('download-public-invoice', { params: { token: token() } })).bytes;

const pdfTool = (tool: string, bytes: Uint8Array) => {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-'));
  try {
    writeFileSync(join(dir, 'invoice.pdf'), bytes);
    return execFileSync(tool, tool === 'pdfimages' ? ['-list', join(dir, 'invoice.pdf')] : [join(dir, 'invoice.pdf')], {
      encoding: 'utf8',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

const expected = {
  fr: [
    'Facture INV-',
    'De',
    'Facturé à',
    'Weinhaus GmbH',
    'Hauptstraße 1',
    '1010 Wien',
    'Autriche',
    'N° TVA: ATU13585627',
    'Immatriculation: FN 123456a',
    'office@weinhaus.example',
    '+43 1 234567',
    'https://weinhaus.example',
    'Société Générale de Test',
    '29 boulevard Haussmann',
    '75009 Paris',
    'N° TVA: FR40303265045',
    "Date d'émission",
    '2 novembre 2026',
    'Date de livraison',
    '30 octobre 2026',
    "Date d'échéance",
    '2 décembre 2026',
    UNICODE.slice(0, 20),
    '3 XBX',
    '100,00 €',
    '−10 %',
    '19 %',
    '270,00 €',
    'Exonéré',
    'Autoliquidation',
    '−20,00 €',
    'Sous-total HT',
    '540,00 €',
    'Remise sur la facture',
    '−27,00 €',
    'Base imposable',
    '513,00 €',
    '52,07 €',
    'Total TTC',
    '565,07 €',
    'Reste à payer',
    'Récapitulatif TVA',
    '256,50 €',
    '48,74 €',
    '47,50 €',
    '3,33 €',
    'Art. 132(1)(i) MwStSystRL',
    '171,00 €',
    'Informations de paiement',
    'IBAN: AT61 1904 3002 3457 3201',
    'BIC: BKAUATWW',
    'Référence: INV-',
    'Merci pour votre confiance.',
    'Paiement à 30 jours.',
  ],
  de: [
    'Rechnung INV-',
    'Rechnung an',
    'Österreich',
    'Frankreich',
    'USt-IdNr.: ATU13585627',
    'Rechnungsdatum',
    '2. November 2026',
    'Leistungsdatum',
    '30. Oktober 2026',
    'Fällig am',
    '2. Dezember 2026',
    '€ 270,00', // Austrian German puts the sign first
    'Steuerfrei',
    'Reverse Charge',
    'Steuerschuldnerschaft des Leistungsempfängers',
    'Zwischensumme',
    '€ 540,00',
    'Gesamtbetrag',
    '€ 565,07',
    'Steueraufstellung',
    'Zahlungsinformationen',
    'Verwendungszweck: INV-',
  ],
};

describe('the PDF', () => {
  it('prints every part of the invoice in the client language, any script, with a logo and a SEPA QR code', async () => {
    const bytes = await pdfOf();
    const { text, pages } = readPdf(bytes);
    writeFileSync(join(ARTIFACTS, 'invoice-fr.pdf'), bytes);
    for (const part of [...expected.fr, invoice.invoice_number, UNICODE.slice(25)])
      expect(plain(text).replace(/\s+/g, ' '), part).toContain(part);
    expect(plain(text)).toContain(`Page 1 sur ${pages}`);
    expect(text).not.toMatch(/Status|sent/);
    // Both weights embedded, as subsets: the whole PDF is far smaller than one font file (757 KB); the logo is one image.
    expect(pdfTool('pdffonts', bytes).match(/DejaVuSans\S*\s+CID TrueType\s+Identity-H\s+yes/g)).toHaveLength(2);
    expect(pdfTool('pdfimages', bytes).trim().split('\n').slice(2)).toHaveLength(1);
    expect(bytes.length).toBeLessThan(150_000);
    expect(qrInPdf(bytes)).toBe(
      epcPayload({
        name: 'Weinhaus GmbH',
        iban: 'AT611904300234573201',
        bic: 'BKAUATWW',
        amount: '565.07',
        reference: invoice.invoice_number,
      }),
    );
  });

  it('in German when the invoice says so', async () => {
    const german = await call('update-invoice', {
      token: tenant.apiKey,
      params: { id: invoice.id },
      body: { locale: 'de-AT' },
    });
    expect(german.json.locale).toBe('de-AT');
    try {
      const bytes = await pdfOf();
      writeFileSync(join(ARTIFACTS, 'invoice-de.pdf'), bytes);
      const { text } = readPdf(bytes);
      for (const part of expected.de) expect(plain(text).replace(/\s+/g, ' '), part).toContain(part);
    } finally {
      await call('update-invoice', { token: tenant.apiKey, params: { id: invoice.id }, body: { locale: 'fr-FR' } });
    }
  });
});

describe.skipIf(noBrowser)('the public page', () => {
  for (const [width, name] of [
    [375, 'phone'],
    [1280, 'desktop'],
  ] as const) {
    it(`shows every part at ${name} width (${width} px) without sideways scrolling`, async () => {
      for (const [language, locale] of [
        ['fr', 'fr-FR'],
        ['de', 'de-AT'],
      ] as const) {
        await call('update-invoice', { token: tenant.apiKey, params: { id: invoice.id }, body: { locale } });
        const page = await browser.newPage({ viewport: { width, height: 900 } });
        try {
          await page.setContent((await call('view-public-invoice', { params: { token: token() } })).text);
          expect(await page.getAttribute('html', 'lang')).toBe(language);
          const shown = plain(await page.innerText('body')).replace(/\s+/g, ' ');
          const parts = language === 'fr' ? [...expected.fr, UNICODE] : expected.de;
          // Unit prices, line discounts and rates fold under the description on a phone; still shown.
          for (const part of parts) expect(shown, `${language} ${part}`).toContain(part);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
          expect(await page.locator('img.logo').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(120);
          await page.screenshot({ path: join(ARTIFACTS, `page-${language}-${name}.png`), fullPage: true });
          expect(qrInPng(await page.locator('figure svg').screenshot())).toContain('AT611904300234573201');
        } finally {
          await page.close();
          await call('update-invoice', { token: tenant.apiKey, params: { id: invoice.id }, body: { locale: 'fr-FR' } });
        }
      }
    });
  }
});

describe('the e-mail', () => {
  it("comes from the organization's name, replies go to its address, worded in the client's language", async () => {
    const sent = await call('send-invoice', { token: tenant.apiKey, params: { id: invoice.id } });
    expect([sent.status, sent.json.sent_to]).toEqual([200, 'compta@sgt.example']);
    const stored = (await call('get-invoice', { token: tenant.apiKey, params: { id: invoice.id } })).json;
    const email = await storedEmail(stored.sendings[0].message_id);
    expect(email.from).toBe('"Weinhaus GmbH" <billing@acme.example>');
    expect(email.replyTo).toEqual(['office@weinhaus.example']);
    expect(email.destination.to).toEqual(['compta@sgt.example']);
    expect(email.subject).toBe(`Facture ${invoice.invoice_number} de Weinhaus GmbH`);
    for (const part of [plain(email.body.text), plain(email.body.html)]) {
      expect(part).toContain('Bonjour Société Générale de Test,');
      expect(part).toContain(`Weinhaus GmbH vous a envoyé la facture ${invoice.invoice_number}.`);
      expect(part).toContain('565,07 € à régler avant le 2 décembre 2026.');
      expect(part).toContain(invoice.public_url);
      expect(part).toContain('Cordialement');
    }
  });

  it('in German for an invoice written in German', async () => {
    const client = (await call('list-clients', { token: tenant.apiKey })).json.results[0];
    const german = await call('create-invoice', {
      token: tenant.apiKey,
      body: { client: client.id, issue_date: '2026-11-02', due_date: '2026-12-02', locale: 'de-AT', ...euInvoice() },
    });
    await call('send-invoice', { token: tenant.apiKey, params: { id: german.json.id } });
    const stored = (await call('get-invoice', { token: tenant.apiKey, params: { id: german.json.id } })).json;
    const email = await storedEmail(stored.sendings[0].message_id);
    expect(email.subject).toBe(`Rechnung ${german.json.invoice_number} von Weinhaus GmbH`);
    for (const part of [plain(email.body.text), plain(email.body.html)]) {
      expect(part).toContain('Guten Tag Société Générale de Test,');
      expect(part).toContain('€ 565,07 sind bis zum 2. Dezember 2026 fällig.');
      expect(part).toContain('Mit freundlichen Grüßen');
    }
  });

  it('a reminder says how many days the invoice is overdue', async () => {
    const client = (await call('list-clients', { token: tenant.apiKey })).json.results[0];
    const overdue = await call('create-invoice', {
      token: tenant.apiKey,
      body: {
        client: client.id,
        issue_date: '2026-09-01',
        due_date: '2026-09-15',
        line_items: [{ description: 'x', quantity: 1, unit_price: '10.00', tax_rate: '20' }],
      },
    });
    await call('send-invoice', { token: tenant.apiKey, params: { id: overdue.json.id } });
    const reminder = await call('send-invoice', { token: tenant.apiKey, params: { id: overdue.json.id } });
    expect(reminder.status).toBe(200);
    const stored = (await call('get-invoice', { token: tenant.apiKey, params: { id: overdue.json.id } })).json;
    const email = await storedEmail(stored.sendings[1].message_id);
    const days = Math.round(
      (Date.parse(new Date().toISOString().slice(0, 10)) - Date.parse('2026-09-15')) / 86_400_000,
    );
    expect(email.subject).toBe(`Rappel : facture ${overdue.json.invoice_number} de Weinhaus GmbH`);
    expect(plain(email.body.text)).toContain(
      `La facture ${overdue.json.invoice_number} est en retard de ${days} jours.`,
    );
  });
});

describe('a settled invoice', () => {
  it('is marked PAID on the page, with no QR code left to scan; its PDF stays the one issued, byte for byte', async () => {
    const issued = await pdfOf();
    const paid = await call('record-payment', {
      token: tenant.apiKey,
      params: { id: invoice.id },
      body: { amount: '565.07', method: 'bank_transfer' },
    });
    expect(paid.status, paid.text).toBe(201);
    const bytes = await pdfOf();
    writeFileSync(join(ARTIFACTS, 'invoice-fr-paid.pdf'), bytes);
    // The archive serves what was issued (docs/archive.md): no PAID re-render; the page and the API show the state.
    expect(Buffer.from(bytes).equals(Buffer.from(issued))).toBe(true);
    expect(readPdf(bytes).text).not.toContain('PAYÉE');
    const html = (await call('view-public-invoice', { params: { token: token() } })).text;
    expect(html).toContain('data-testid="mark">PAYÉE<');
    expect(html).not.toContain('<svg');
  });
});

describe('the deployed bundles', () => {
  it('of the renderer draw with the fonts the stack copies next to it, from the payload a PDF route sends', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bundle-'));
    try {
      await bundleHandler(`functions/${DOCUMENT_RENDERER.handler}/handler.ts`, join(dir, 'index.mjs'));
      execFileSync('sh', ['-c', assetCommands(process.cwd(), dir).join(' && ')]);
      const found = (await findPublicInvoice(createDb(process.env.TABLE_NAME!), token()))!;
      const request: RenderRequest = {
        kind: 'invoice-pdf',
        invoice: found.invoice,
        logo: logoText(found.logo),
        publicBaseUrl: process.env.PUBLIC_BASE_URL!,
      };
      // Lambda hands the function the invocation's JSON payload, parsed.
      const script =
        `const { handler } = await import('./index.mjs'); ` +
        `const event = JSON.parse(${JSON.stringify(JSON.stringify(request))}); ` +
        `const answer = await handler(event, { awsRequestId: 'bundle', getRemainingTimeInMillis: () => 10000 }); ` +
        `process.stdout.write(JSON.stringify(answer));`;
      const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        cwd: dir,
        encoding: 'utf8',
        env: { PATH: process.env.PATH, LOG_LEVEL: 'silent' },
      });
      const answer = JSON.parse(output) as RenderAnswer;
      if (!('file' in answer)) throw new Error(output);
      const file = fileOf(answer);
      expect(file.contentType).toBe('application/pdf');
      expect(plain(readPdf(file.content as Uint8Array).text)).toContain(UNICODE.slice(0, 20));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('carry the fonts and the PDF library in the renderer only, Stripe in the gateway only; flagged functions call the renderer', async () => {
    const functions = [
      ...(ROUTES as readonly Route[]).map((route) => ({
        handler: route.name,
        flagged: route.rendersDocuments === true,
      })),
      ...Object.values(QUEUES).map((queue) => ({
        handler: queue.consumer.handler,
        flagged: (queue.consumer as QueueSpec['consumer']).rendersDocuments === true,
      })),
    ];
    // Every handler in one esbuild run (one build per handler took about a minute); each output's
    // inputs are what that handler's bundle carries.
    const handlers = [...functions.map((fn) => fn.handler), DOCUMENT_RENDERER.handler, PAYMENT_GATEWAY.handler];
    const { metafile } = await build({
      entryPoints: [...new Set(handlers)].map((handler) => `functions/${handler}/handler.ts`),
      bundle: true,
      write: false,
      outdir: 'bundles',
      platform: 'node',
      format: 'esm',
      metafile: true,
      logLevel: 'silent',
    });
    const inputsByEntry = new Map(
      Object.values(metafile.outputs)
        .filter((output) => output.entryPoint)
        .map((output) => [output.entryPoint!, Object.keys(output.inputs)]),
    );
    const inputsOf = async (handler: string) => inputsByEntry.get(`functions/${handler}/handler.ts`)!;
    const drawing = (inputs: string[]) =>
      inputs.filter((input) => input === 'shared/documents/assets.ts' || input.includes('node_modules/pdf-lib/'));
    for (const { handler, flagged } of functions) {
      const inputs = await inputsOf(handler);
      expect(drawing(inputs), handler).toEqual([]);
      // Likewise Stripe's SDK: only the payment gateway carries it.
      expect(
        inputs.filter((input) => input.includes('node_modules/stripe/')),
        handler,
      ).toEqual([]);
      expect(inputs.includes('shared/documents/renderer.ts'), handler).toBe(flagged);
    }
    expect(drawing(await inputsOf(DOCUMENT_RENDERER.handler)).length).toBeGreaterThan(1);
    expect((await inputsOf(PAYMENT_GATEWAY.handler)).some((input) => input.includes('node_modules/stripe/'))).toBe(
      true,
    );
    // One esbuild run over every handler: on a loaded two-core machine it takes most of a minute.
  }, 180_000);
});
