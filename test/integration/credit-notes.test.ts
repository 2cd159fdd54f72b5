// Credit notes: lines or an amount taken off an issued invoice, with its own tax rules, a number from
// a series of their own, never more than is left (concurrent requests included), and the invoice's
// amounts and status following.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call, newTenant } from '#test/support/api';
import { readPdf } from '#test/support/pdf';
import { austrianSeller, euInvoice, frenchBuyer } from '#test/support/eu-invoice';

type Tenant = Awaited<ReturnType<typeof newTenant>>;
let tenant: Tenant;
let clientId: string;

beforeAll(async () => {
  tenant = await newTenant('Crediting');
  await call('update-organization', { token: tenant.ownerToken, body: austrianSeller });
  clientId = (await call('create-client', { token: tenant.apiKey, body: frenchBuyer })).json.id;
});

const issued = async (body: Record<string, unknown>) => {
  const created = await call('create-invoice', {
    token: tenant.apiKey,
    body: { client: clientId, issue_date: '2026-11-02', due_date: '2026-12-02', ...body },
  });
  expect(created.status, created.text).toBe(201);
  await call('send-invoice', { token: tenant.apiKey, params: { id: created.json.id } });
  return created.json;
};
const creditOf = (invoiceId: string, body: Record<string, unknown>) =>
  call('create-credit-note', { token: tenant.apiKey, params: { id: invoiceId }, body: { reason: 'other', ...body } });
const invoiceNow = async (id: string) => (await call('get-invoice', { token: tenant.apiKey, params: { id } })).json;

describe('a credit note', () => {
  it('takes a quantity off a line at its price, tax and discounts, and lowers what is due', async () => {
    const invoice = await issued(euInvoice());
    // Line 0: 3 × 100.00 less 10 %, its share of the 5 % document discount, 19 %: 305.24 for 3.
    const credited = await creditOf(invoice.id, {
      lines: [{ line: 0, quantity: 1 }],
      reason: 'product_unsatisfactory',
    });
    expect(credited.status, credited.text).toBe(201);
    expect(credited.json).toMatchObject({
      credit_note_number: expect.stringMatching(/^CN-\d{6}$/),
      invoice: { id: invoice.id, number: invoice.invoice_number, issue_date: '2026-11-02' },
      reason: 'product_unsatisfactory',
      currency: 'USD',
      total_amount: '101.75', // 305.24 / 3, rounded half up
      tax_amount: '16.25', // 101.75 × 48.74 / 305.24
      subtotal: '85.50',
    });
    expect(credited.json.id).toMatch(/^cn_/);
    expect(credited.json.line_items).toEqual([
      expect.objectContaining({
        invoice_line: 0,
        quantity: 1,
        unit: 'XBX',
        tax_category: 'S',
        tax_rate: '19.00',
        total: '101.75',
      }),
    ]);
    expect(credited.json.tax_breakdown).toEqual([
      {
        tax_category: 'S',
        tax_rate: '19.00',
        taxable_amount: '85.50',
        tax_amount: '16.25',
        tax_exemption_reason: null,
        tax_amount_in_accounting_currency: null,
      },
    ]);
    const after = await invoiceNow(invoice.id);
    expect([after.status, after.amount_credited, after.amount_due, after.amount_refundable]).toEqual([
      'sent',
      '101.75',
      '463.32',
      '0.00',
    ]);
  });

  it('spreads one amount over the invoice by what each line has left, shown per rate with the reasons', async () => {
    const invoice = await issued(euInvoice());
    const credited = await creditOf(invoice.id, { amount: '56.51', description: 'Goodwill' });
    expect(credited.status, credited.text).toBe(201);
    expect(credited.json.total_amount).toBe('56.51');
    const rows = credited.json.tax_breakdown as { tax_category: string; taxable_amount: string; tax_amount: string }[];
    expect(rows.map((row) => row.tax_category)).toEqual(['S', 'S', 'E', 'AE']);
    const sum = (values: string[]) => values.reduce((total, value) => total + Math.round(Number(value) * 100), 0);
    expect(sum(rows.map((row) => row.taxable_amount)) + sum(rows.map((row) => row.tax_amount))).toBe(5651);
    expect(credited.json.line_items.every((line: { description: string }) => line.description === 'Goodwill')).toBe(
      true,
    );
  });

  it('settles an unpaid invoice as credited once nothing is left, and refuses a credit beyond', async () => {
    const invoice = await issued({
      line_items: [{ description: 'x', quantity: 10, unit_price: '15.00', tax_rate: '10' }],
    });
    await creditOf(invoice.id, { lines: [{ line: 0, quantity: 3 }] });
    const rest = await creditOf(invoice.id, { lines: [{ line: 0, quantity: 7 }] });
    expect(rest.json.total_amount).toBe('115.50');
    const after = await invoiceNow(invoice.id);
    expect([after.status, after.amount_credited, after.amount_due]).toEqual(['credited', '165.00', '0.00']);
    const beyond = await creditOf(invoice.id, { amount: '0.01', description: 'more' });
    expect([beyond.status, beyond.json.error.code]).toEqual([400, 'validation_error']);
    const listed = await call('list-invoice-credit-notes', { token: tenant.apiKey, params: { id: invoice.id } });
    expect(listed.json.results.map((note: { total_amount: string }) => note.total_amount)).toEqual(['49.50', '115.50']);
    const events = await call('list-events', { token: tenant.apiKey, query: { limit: '100' } });
    const kinds = events.json.results
      .filter((event: { data: { object: { id: string; invoice?: { id: string } } } }) =>
        [event.data.object.id, event.data.object.invoice?.id].includes(invoice.id),
      )
      .map((event: { type: string }) => event.type);
    expect(kinds.filter((kind: string) => kind === 'credit_note.created')).toHaveLength(2);
    expect(kinds).toContain('invoice.credited');
  });

  it('on a paid invoice leaves it paid and shows the refund due', async () => {
    const invoice = await issued({
      line_items: [{ description: 'x', quantity: 1, unit_price: '100.00', tax_rate: '20' }],
    });
    await call('record-payment', {
      token: tenant.apiKey,
      params: { id: invoice.id },
      body: { amount: '120.00', method: 'cash' },
    });
    await creditOf(invoice.id, { amount: '30.00', description: 'Late delivery' });
    const after = await invoiceNow(invoice.id);
    expect([after.status, after.amount_due, after.amount_refundable]).toEqual(['paid', '0.00', '30.00']);
  });

  it('is refused on a draft or a void invoice with 409, and a credited invoice cannot be voided', async () => {
    const draft = await call('create-invoice', {
      token: tenant.apiKey,
      body: { client: clientId, line_items: [{ description: 'x', quantity: 1, unit_price: '1.00', tax_rate: '20' }] },
    });
    const refused = await creditOf(draft.json.id, { amount: '0.50', description: 'x' });
    expect([refused.status, refused.json.error.code]).toEqual([409, 'invalid_state']);
    await call('void-invoice', { token: tenant.apiKey, params: { id: draft.json.id } });
    expect((await creditOf(draft.json.id, { amount: '0.50', description: 'x' })).status).toBe(409);
    const sent = await issued({ line_items: [{ description: 'x', quantity: 1, unit_price: '1.00', tax_rate: '20' }] });
    await creditOf(sent.id, { amount: '0.50', description: 'x' });
    const voided = await call('void-invoice', { token: tenant.apiKey, params: { id: sent.id } });
    expect([voided.status, voided.json.error.code]).toEqual([409, 'invalid_state']);
  });
});

describe('under concurrency', () => {
  it('20 credits of one unit on a line of 10: exactly 10 pass, and every number is used or voided with its reason', async () => {
    const own = await newTenant('Concurrent credits');
    const client = (await call('create-client', { token: own.apiKey, body: { name: 'C', email: 'c@x.example' } })).json
      .id;
    const invoice = (
      await call('create-invoice', {
        token: own.apiKey,
        body: { client, line_items: [{ description: 'x', quantity: 10, unit_price: '3.33', tax_rate: '20' }] },
      })
    ).json;
    await call('send-invoice', { token: own.apiKey, params: { id: invoice.id } });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('create-credit-note', {
          token: own.apiKey,
          params: { id: invoice.id },
          body: { lines: [{ line: 0, quantity: 1 }], reason: 'order_change' },
        }),
      ),
    );
    const passed = results.filter((result) => result.status === 201);
    expect(passed).toHaveLength(10);
    expect(results.filter((result) => result.status === 400)).toHaveLength(10);
    const after = (await call('get-invoice', { token: own.apiKey, params: { id: invoice.id } })).json;
    expect([after.status, after.amount_credited, after.amount_due]).toEqual(['credited', invoice.total_amount, '0.00']);
    const totals = passed.map((result) => Math.round(Number(result.json.total_amount) * 100));
    expect(totals.reduce((sum, value) => sum + value, 0)).toBe(Math.round(Number(invoice.total_amount) * 100));
    const used = passed.map((result) => Number(result.json.credit_note_number.slice(3)));
    const voided = (
      await call('list-voided-numbers', { token: own.apiKey, params: { series: 'credit_note' } })
    ).json.results.map((number: { sequence: number; reason: string }) => number.sequence);
    const all = [...used, ...voided].sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: all.length }, (_, index) => index + 1));
  });
});

describe('lists', () => {
  it('of the organization, newest first, filtered by invoice, client and issue date', async () => {
    const invoice = await issued({
      line_items: [{ description: 'x', quantity: 2, unit_price: '10.00', tax_rate: '20' }],
    });
    const note = (await creditOf(invoice.id, { lines: [{ line: 0, amount: '6.00' }] })).json;
    const byInvoice = await call('list-credit-notes', { token: tenant.apiKey, query: { invoice: invoice.id } });
    expect(byInvoice.json.results.map((each: { id: string }) => each.id)).toEqual([note.id]);
    const byClient = await call('list-credit-notes', {
      token: tenant.apiKey,
      query: { client: clientId, limit: '100' },
    });
    expect(byClient.json.results.map((each: { id: string }) => each.id)).toContain(note.id);
    const elsewhen = await call('list-credit-notes', { token: tenant.apiKey, query: { issue_date_to: '2000-01-01' } });
    expect(elsewhen.json.results).toEqual([]);
    const one = await call('get-credit-note', { token: tenant.apiKey, params: { id: note.id } });
    expect(one.json).toEqual(note);
  });
});

describe('documents', () => {
  it('a credit note has its own page and PDF in the invoice language, and the invoice page lists it', async () => {
    for (const [locale, expected] of [
      [
        'fr-FR',
        [
          'Avoir CN-',
          "Numéro d'avoir",
          'Rectifie la facture',
          'du 2 novembre 2026',
          'Produit ou service non satisfaisant',
          '101,75',
        ],
      ],
      [
        'de-AT',
        [
          'Rechnungskorrektur CN-',
          'Korrigiert Rechnung',
          'vom 2. November 2026',
          'Ware oder Leistung mangelhaft',
          '101,75',
        ],
      ],
    ] as const) {
      const invoice = await issued({ ...euInvoice(), locale });
      const note = (
        await creditOf(invoice.id, {
          lines: [{ line: 0, quantity: 1 }],
          reason: 'product_unsatisfactory',
          memo: 'Bruch',
        })
      ).json;
      expect(note.locale).toBe(locale);
      const token = new URL(note.public_url).pathname.split('/').at(-2)!;
      const { text } = readPdf((await call('download-public-credit-note', { params: { token } })).bytes);
      const page = (await call('view-public-credit-note', { params: { token } })).text.replace(/&#(\d+);/g, (_, code) =>
        String.fromCharCode(Number(code)),
      );
      for (const part of [
        ...expected,
        note.credit_note_number,
        invoice.invoice_number,
        'Weinhaus GmbH',
        'Société Générale de Test',
        'Bruch',
      ]) {
        expect(text.replace(/[\u00a0\u202f]/g, ' '), `${locale} PDF: ${part}`).toContain(part);
        expect(page.replace(/[\u00a0\u202f]/g, ' '), `${locale} page: ${part}`).toContain(part);
      }
      const invoicePage = (
        await call('view-public-invoice', {
          params: { token: new URL(invoice.public_url).pathname.split('/').at(-2)! },
        })
      ).text;
      expect(invoicePage).toContain(`href="${note.public_url}"`);
    }
  });
});

describe('sending', () => {
  it('e-mails the credit note like an invoice, in its language, to the client without an address given', async () => {
    const invoice = await issued({ ...euInvoice(), locale: 'fr-FR' });
    const note = (await creditOf(invoice.id, { amount: '10.00', description: 'Geste commercial' })).json;
    const sent = await call('send-credit-note', { token: tenant.apiKey, params: { id: note.id } });
    expect([sent.status, sent.json.sent_to], sent.text).toEqual([200, 'compta@sgt.example']);
    const stored = (await call('get-credit-note', { token: tenant.apiKey, params: { id: note.id } })).json;
    expect(stored.sendings).toHaveLength(1);
    const store = (await (await fetch(`${inject('sesEndpoint')}/store`)).json()) as {
      emails: {
        messageId: string;
        from: string;
        subject: string;
        body: { text: string };
        attachments: { filename: string }[];
      }[];
    };
    const email = store.emails.find((each) => each.messageId === stored.sendings[0].message_id)!;
    expect(email.from).toBe('"Weinhaus GmbH" <billing@acme.example>');
    expect(email.subject).toBe(`Avoir ${note.credit_note_number} de Weinhaus GmbH`);
    expect(email.body.text.replace(/[\u00a0\u202f]/g, ' ')).toContain(
      `Weinhaus GmbH a émis l'avoir ${note.credit_note_number} de 10,00 $US sur la facture ${invoice.invoice_number}.`,
    );
    expect(email.attachments.map((attachment) => attachment.filename)).toEqual([`${note.credit_note_number}.pdf`]);
    const events = (await call('list-events', { token: tenant.apiKey, query: { limit: '100' } })).json.results;
    expect(
      events.some(
        (event: { type: string; data: { object: { id: string } } }) =>
          event.type === 'credit_note.sent' && event.data.object.id === note.id,
      ),
    ).toBe(true);
  });
});

describe('refunds', () => {
  it('pay back what a credit note leaves owed on a paid invoice, never more, also when asked at once', async () => {
    const invoice = await issued({
      line_items: [{ description: 'x', quantity: 1, unit_price: '100.00', tax_rate: '20' }],
    });
    await call('record-payment', {
      token: tenant.apiKey,
      params: { id: invoice.id },
      body: { amount: '120.00', method: 'card' },
    });
    const note = (await creditOf(invoice.id, { amount: '30.00', description: 'Damaged' })).json;
    const refund = (body: Record<string, unknown>) =>
      call('create-refund', {
        token: tenant.apiKey,
        params: { id: note.id },
        body: { method: 'bank_transfer', ...body },
      });
    const first = await refund({ amount: '5.00', reference: 'SEPA-1' });
    expect(first.status, first.text).toBe(201);
    expect(first.json).toMatchObject({
      amount: '5.00',
      credit_note: note.id,
      invoice: invoice.id,
      status: 'succeeded',
    });
    expect(first.json.id).toMatch(/^ref_/);
    // Five at once for 10.00 each against 25.00 still owed: two pass.
    const racing = await Promise.all(Array.from({ length: 5 }, () => refund({ amount: '10.00' })));
    expect(racing.filter((answer) => answer.status === 201)).toHaveLength(2);
    expect(racing.filter((answer) => answer.status === 400)).toHaveLength(3);
    const after = await invoiceNow(invoice.id);
    expect([after.status, after.amount_refunded, after.amount_refundable, after.amount_due]).toEqual([
      'paid',
      '25.00',
      '5.00',
      '0.00',
    ]);
    expect(
      (await call('get-credit-note', { token: tenant.apiKey, params: { id: note.id } })).json.amount_refunded,
    ).toBe('25.00');
    const tooMuch = await refund({ amount: '5.01' });
    expect([tooMuch.status, Object.keys(tooMuch.json.error.details.fields)]).toEqual([400, ['amount']]);
    const events = (await call('list-events', { token: tenant.apiKey, query: { limit: '100' } })).json.results;
    const kinds = events
      .filter((event: { data: { refund?: { credit_note: string } } }) => event.data.refund?.credit_note === note.id)
      .map((event: { type: string }) => event.type);
    expect(kinds.filter((kind: string) => kind === 'refund.succeeded')).toHaveLength(3);
    expect(kinds.filter((kind: string) => kind === 'refund.created')).toHaveLength(3);
  });

  it('through the sandbox, mirroring Stripe: issued against the sandbox payment and confirmed at once', async () => {
    const invoice = await issued({
      line_items: [{ description: 'x', quantity: 1, unit_price: '10.00', tax_rate: '0' }],
    });
    const link = await call('create-payment-link', { token: tenant.apiKey, params: { id: invoice.id } });
    const checkout = new URL(link.json.url).pathname.split('/').at(-2)!;
    await call('complete-sandbox-checkout', { params: { id: checkout, outcome: 'pay' } });
    const note = (await creditOf(invoice.id, { amount: '4.00', description: 'Partial' })).json;
    const refund = await call('create-refund', {
      token: tenant.apiKey,
      params: { id: note.id },
      body: { amount: '4.00', refund_via: 'sandbox' },
    });
    expect(refund.status, refund.text).toBe(201);
    expect(refund.json).toMatchObject({ status: 'succeeded', provider: 'sandbox', amount: '4.00' });
    const refusedVia = await call('create-refund', {
      token: tenant.apiKey,
      params: { id: note.id },
      body: { amount: '1.00', refund_via: 'stripe' },
    });
    expect([refusedVia.status, refusedVia.json.error.code]).toEqual([409, 'payments_not_configured']);
  });

  it('refuse money that was never paid: a credit note on an unpaid invoice has nothing to refund', async () => {
    const invoice = await issued({
      line_items: [{ description: 'x', quantity: 1, unit_price: '10.00', tax_rate: '20' }],
    });
    const note = (await creditOf(invoice.id, { amount: '12.00', description: 'All' })).json;
    const refused = await call('create-refund', {
      token: tenant.apiKey,
      params: { id: note.id },
      body: { amount: '1.00', method: 'cash' },
    });
    expect([refused.status, refused.json.error.code]).toEqual([400, 'validation_error']);
  });
});

describe('an Idempotency-Key', () => {
  it('replays a credit note and a refund instead of crediting or paying back twice', async () => {
    const invoice = await issued({
      line_items: [{ description: 'x', quantity: 1, unit_price: '50.00', tax_rate: '0' }],
    });
    await call('record-payment', {
      token: tenant.apiKey,
      params: { id: invoice.id },
      body: { amount: '50.00', method: 'cash' },
    });
    const headers = { 'idempotency-key': `credit-${invoice.id}` };
    const body = { amount: '10.00', description: 'Once', reason: 'other' };
    const first = await call('create-credit-note', { token: tenant.apiKey, params: { id: invoice.id }, body, headers });
    const again = await call('create-credit-note', { token: tenant.apiKey, params: { id: invoice.id }, body, headers });
    expect(again.json.id).toBe(first.json.id);
    const refundHeaders = { 'idempotency-key': `refund-${invoice.id}` };
    const refundBody = { amount: '10.00', method: 'cash' };
    const paid = await call('create-refund', {
      token: tenant.apiKey,
      params: { id: first.json.id },
      body: refundBody,
      headers: refundHeaders,
    });
    const replayed = await call('create-refund', {
      token: tenant.apiKey,
      params: { id: first.json.id },
      body: refundBody,
      headers: refundHeaders,
    });
    expect(replayed.json.id).toBe(paid.json.id);
    const after = await invoiceNow(invoice.id);
    expect([after.amount_credited, after.amount_refunded]).toEqual(['10.00', '10.00']);
  });
});
