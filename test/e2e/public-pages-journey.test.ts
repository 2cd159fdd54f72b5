// The pages people open in a real browser: the API reference (and its static copy), and an invoice's
// public page, whose Pay button goes through the sandbox checkout to a paid invoice.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { ARTIFACTS, TSX, useLocalRuntime } from '#test/e2e/support/local-runtime';
import { launchChromium, noBrowser } from '#test/support/browser';
import { validateEInvoices } from '#test/support/e-invoice-validator';
import { austrianSeller, frenchBuyer } from '#test/support/eu-invoice';

// With no browser every test here is skipped, and the runtime is not started either.
const runtime = useLocalRuntime();
const { api } = runtime;

/** The committed OpenAPI document writes a static reference site that serves the same document. */
function expectStaticReferenceSite(committed: unknown) {
  // The same page as a static site, for any web server.
  const site = mkdtempSync(join(tmpdir(), 'reference-'));
  const written = spawnSync(process.execPath, [TSX, 'infra/openapi/write-reference.ts', site], {
    encoding: 'utf8',
  });
  expect(written.status, written.stderr).toBe(0);
  expect(readFileSync(join(site, 'index.html'), 'utf8')).toMatch(/data-url="openapi.json"[\s\S]*src="scalar.js"/);
  expect(JSON.parse(readFileSync(join(site, 'openapi.json'), 'utf8'))).toEqual(committed);
  rmSync(site, { recursive: true, force: true });
}

/** A sent invoice of two lines, for the browser to open: €1,749.99 due (the demo seller bills in euros). */
async function sendInvoiceToBrowserBuyer() {
  const client = await api('POST', '/api/v1/clients/', {
    body: { name: 'Browser Buyer', email: 'buyer@browser.example' },
  });
  const { json: invoice } = await api('POST', '/api/v1/invoices/', {
    body: {
      client: client.json.id,
      issue_date: '2026-11-01',
      due_date: '2026-12-01',
      notes: 'Thanks for your business',
      line_items: [
        { description: 'Consulting', quantity: 10, unit_price: '150.00', tax_rate: '10.00' },
        { description: 'Travel', quantity: 1, unit_price: '99.99', tax_rate: '0' },
      ],
    },
  });
  expect(
    (await api('POST', `/api/v1/invoices/${invoice.id}/send/`, { body: { email: 'buyer@browser.example' } })).status,
  ).toBe(200);
  return invoice as { id: string; public_url: string; invoice_number: string };
}

/** Framed by another page, the invoice (and its Pay button) is not shown at all. */
async function expectNotShownInFrame(browser: Browser, publicUrl: string) {
  const framing = await browser.newPage();
  await framing.setContent(`<iframe src="${publicUrl}" width="600" height="600"></iframe>`);
  await framing.waitForTimeout(1000);
  const framed = framing.frames().find((frame) => frame !== framing.mainFrame());
  expect(
    (await framed
      ?.getByTestId('total')
      .count()
      .catch(() => 0)) ?? 0,
  ).toBe(0);
  await framing.close();
}

/** The Pay button, the sandbox checkout, and back on the public page marked paid. */
async function payThroughCheckout(page: Page) {
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.waitForURL(/\/sandbox\/checkout\//);
  expect(await page.getByTestId('checkout-amount').textContent()).toBe('1749.99 EUR');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(/payment=succeeded/);
  expect(await page.getByRole('status').textContent()).toContain('payment was received');
  expect(await page.getByTestId('mark').textContent()).toBe('PAID');
  await page.screenshot({ path: join(ARTIFACTS, 'public-invoice-paid.png'), fullPage: true });
}

it.skipIf(noBrowser)(
  'serves the OpenAPI document and a reference page that shows every route, with nothing fetched from outside',
  async () => {
    const committed = JSON.parse(readFileSync('docs/openapi.json', 'utf8'));
    const served = await api('GET', '/api/v1/openapi.json', { token: null });
    expect(served.json).toEqual(committed);
    const summaries = Object.values(committed.paths as Record<string, Record<string, { summary: string }>>).flatMap(
      (item) => Object.values(item).map((operation) => operation.summary),
    );
    expect(summaries.length).toBeGreaterThan(60);
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const outside: string[] = [];
      page.on('request', (request) => {
        if (new URL(request.url()).hostname !== '127.0.0.1') outside.push(request.url());
      });
      await page.goto(`${runtime.info.api_base_url}/reference/`, { waitUntil: 'networkidle' });
      await page.waitForFunction(() => document.body.innerText.includes('Create invoice'));
      const text = await page.evaluate(() => document.body.innerText);
      expect(summaries.filter((summary) => !text.includes(summary))).toEqual([]);
      expect(outside).toEqual([]);
    } finally {
      await browser.close();
    }
    expectStaticReferenceSite(committed);
  },
);

it.skipIf(noBrowser)(
  'shows the public page in a real browser, and its Pay button leads to a paid invoice',
  async () => {
    const invoice = await sendInvoiceToBrowserBuyer();
    const browser = await launchChromium({
      args: [
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      const answer = await page.goto(invoice.public_url);
      expect(answer!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(answer!.headers()['referrer-policy']).toBe('no-referrer');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Invoice ${invoice.invoice_number}`);
      expect(await page.getByTestId('total').textContent()).toBe('€1,749.99');
      expect(await page.getByTestId('due').textContent()).toBe('€1,749.99');
      expect(await page.getByTestId('mark').count()).toBe(0); // neither paid nor void: no mark
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: join(ARTIFACTS, 'public-invoice.png'), fullPage: true });
      await expectNotShownInFrame(browser, invoice.public_url);
      await payThroughCheckout(page);
    } finally {
      await browser.close();
    }
    const paid = await api('GET', `/api/v1/invoices/${invoice.id}/`);
    expect(paid.json).toMatchObject({ status: 'paid', amount_paid: '1749.99', amount_due: '0.00' });
  },
);

it.skipIf(noBrowser)(
  'shows a quote on its public page, where Accept records the answer with the name given, kept on reload',
  async () => {
    const client = await api('POST', '/api/v1/clients/', {
      body: { name: 'Quote Reader', email: 'reader@browser.example' },
    });
    const { json: quote } = await api('POST', '/api/v1/quotes/', {
      body: {
        client: client.json.id,
        expiry_date: '2099-12-31',
        line_items: [{ description: 'Garden design', quantity: 1, unit_price: '2500.00', tax_rate: '0' }],
      },
    });
    expect((await api('POST', `/api/v1/quotes/${quote.id}/send/`, { body: {} })).status).toBe(200);
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const shown = await page.goto(quote.public_url);
      // So the browser sends the form's own Origin (under no-referrer it sends Origin: null).
      expect(shown!.headers()['referrer-policy']).toBe('same-origin');
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Quote ${quote.quote_number}`);
      await page.getByLabel('Your name (optional)').fill('Ada Reader');
      await page.getByRole('button', { name: 'Accept the quote' }).click();
      await page.waitForLoadState('load');
      expect(await page.getByTestId('state').textContent()).toMatch(/^Accepted on .+ by Ada Reader\.$/);
      expect(await page.getByRole('button', { name: 'Accept the quote' }).count()).toBe(0);
      await page.reload();
      expect(await page.getByTestId('state').textContent()).toContain('by Ada Reader');
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: join(ARTIFACTS, 'public-quote-accepted.png'), fullPage: true });
    } finally {
      await browser.close();
    }
    const accepted = await api('GET', `/api/v1/quotes/${quote.id}/`);
    expect(accepted.json).toMatchObject({ status: 'accepted', accepted_by: 'Ada Reader' });
    // A form another site posts is refused; the page's own form above passed the same check.
    const form = new URLSearchParams({ decision: 'decline', version: '3' });
    const replay = await fetch(`${quote.public_url}answer/`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://attacker.example' },
      body: form,
    });
    expect(replay.status).toBe(403);
    expect((await api('GET', `/api/v1/quotes/${quote.id}/`)).json.status).toBe('accepted');
  },
);

it.skipIf(noBrowser)(
  'walks the worked example of docs/quotes.md: accepted in the browser, two deposits and a final invoice, all valid',
  async () => {
    const seller = await api('PATCH', '/api/v1/organizations/me/', {
      body: { ...austrianSeller, default_currency: 'EUR' },
    });
    expect(seller.status).toBe(200);
    const client = await api('POST', '/api/v1/clients/', {
      body: { ...frenchBuyer, locale: 'en' },
    });
    const { json: quote } = await api('POST', '/api/v1/quotes/', {
      body: {
        client: client.json.id,
        expiry_date: '2099-12-31',
        line_items: [
          { description: 'Design and supervision', quantity: 80, unit: 'HUR', unit_price: '100.00', tax_rate: '19' },
          { description: 'Reference books', quantity: 20, unit_price: '100.00', tax_rate: '7' },
        ],
      },
    });
    expect((await api('POST', `/api/v1/quotes/${quote.id}/send/`, { body: {} })).status).toBe(200);
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(quote.public_url);
      await page.getByRole('button', { name: 'Accept the quote' }).click();
      await page.waitForLoadState('load');
      expect(await page.getByTestId('state').textContent()).toMatch(/^Accepted on /);

      const invoices = [];
      for (const body of [
        { kind: 'deposit', percent: '30' },
        { kind: 'deposit', amount: '2332.00' },
        { kind: 'final' },
      ]) {
        const made = await api('POST', `/api/v1/quotes/${quote.id}/invoices/`, { body });
        expect(made.status).toBe(201);
        await api('PATCH', `/api/v1/invoices/${made.json.id}/`, { body: { buyer_reference: '991-01234-44' } });
        expect((await api('POST', `/api/v1/invoices/${made.json.id}/send/`, { body: {} })).status).toBe(200);
        invoices.push((await api('GET', `/api/v1/invoices/${made.json.id}/`)).json);
      }
      const [first, second, final] = invoices;
      expect(invoices.map((invoice) => invoice.total_amount)).toEqual(['3498.00', '2332.00', '5830.00']);
      expect(final.tax_breakdown.map((row: { taxable_amount: string }) => row.taxable_amount)).toEqual([
        '4000.00',
        '1000.00',
      ]);
      await page.goto(final.public_url);
      const shown = await page.locator('body').innerText();
      for (const deposit of [first, second])
        expect(shown).toContain(`Less deposit invoice ${deposit.invoice_number} of ${deposit.issue_date}`);
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: join(ARTIFACTS, 'final-invoice.png'), fullPage: true });

      const files = new Map<string, string>();
      for (const invoice of invoices)
        for (const format of ['cii', 'xrechnung-ubl']) {
          const answer = await fetch(
            new URL(`/api/v1/invoices/${invoice.id}/e-invoice/?format=${format}`, quote.public_url),
            {
              headers: { authorization: `Bearer ${runtime.info.api_key}` },
            },
          );
          expect(answer.status).toBe(200);
          files.set(`${format}-${invoice.invoice_number}.xml`, await answer.text());
        }
      const plain = await validateEInvoices(new Map([...files].filter(([name]) => name.startsWith('cii'))));
      const xrechnung = await validateEInvoices(new Map([...files].filter(([name]) => name.startsWith('xrechnung'))), {
        xrechnung: true,
      });
      expect([...plain.failures, ...xrechnung.failures]).toEqual([]);
    } finally {
      await browser.close();
    }
  },
  120_000,
);
