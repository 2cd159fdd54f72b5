// Quotes (docs/quotes.md): priced as invoices are, numbered in a series of their own, edited while
// drafts, sent by e-mail with a PDF in the client's language, and refused what their state forbids.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, countDbCalls, newTenant, tableItemCount } from '#test/support/api';
import { storedEmail } from '#test/support/emails';
import { readPdf } from '#test/support/pdf';

type Tenant = Awaited<ReturnType<typeof newTenant>>;
let tenant: Tenant;
let clientId: string;

const lines = [
  { description: 'Planung', quantity: 10, unit_price: '100.00', tax_rate: '19', discount: { percent: '10' } },
  { description: 'Fachbuch', quantity: 1, unit_price: '50.00', tax_rate: '7' },
];

beforeAll(async () => {
  tenant = await newTenant('Quoting');
  await call('update-organization', {
    token: tenant.ownerToken,
    body: { quote_numbering: { pattern: 'ANG-{YYYY}-{seq}', padding: 4, reset: 'yearly' } },
  });
  clientId = (
    await call('create-client', {
      token: tenant.apiKey,
      body: { name: 'Kunde GmbH', email: 'einkauf@kunde.example', locale: 'de-DE' },
    })
  ).json.id;
});

const create = (body: Record<string, unknown> = {}) =>
  call('create-quote', {
    token: tenant.apiKey,
    body: { client: clientId, issue_date: '2026-11-20', line_items: lines, discount: { percent: '5' }, ...body },
  });

describe('a quote', () => {
  it('is priced as an invoice is, numbered in its own series, valid 30 days unless told otherwise', async () => {
    const first = await create();
    const second = await create({ expiry_date: '2026-12-31' });
    expect(first.status, first.text).toBe(201);
    expect(first.json).toMatchObject({
      quote_number: 'ANG-2026-0001',
      status: 'draft',
      issue_date: '2026-11-20',
      expiry_date: '2026-12-20',
      // The organization's default currency.
      currency: 'USD',
      locale: 'de-DE',
      // 10 × 100 less 10 % = 900, and 50: 950 less 5 % = 902.50; VAT 162.45 + 3.33.
      subtotal: '950.00',
      discount_amount: '47.50',
      taxable_amount: '902.50',
      tax_amount: '165.78',
      total_amount: '1068.28',
    });
    expect(second.json).toMatchObject({ quote_number: 'ANG-2026-0002', expiry_date: '2026-12-31' });
    const listed = await call('list-quotes', { token: tenant.apiKey, query: { status: 'draft' } });
    expect(listed.json.results.map((quote: { id: string }) => quote.id)).toEqual([first.json.id, second.json.id]);
    expect((await call('get-quote', { token: tenant.apiKey, params: { id: first.json.id } })).json).toEqual(first.json);
  });

  it('is edited while a draft, then sent by e-mail with its PDF, and no longer edited', async () => {
    const { json: draft } = await create();
    const changed = await call('update-quote', {
      token: tenant.apiKey,
      params: { id: draft.id },
      body: { expiry_date: '2027-01-15', discount: null },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json).toMatchObject({ expiry_date: '2027-01-15', discount_amount: '0.00', total_amount: '1124.50' });

    const sent = await call('send-quote', { token: tenant.apiKey, params: { id: draft.id }, body: {} });
    expect(sent.status, sent.text).toBe(200);
    const quote = (await call('get-quote', { token: tenant.apiKey, params: { id: draft.id } })).json;
    expect(quote).toMatchObject({
      status: 'sent',
      sendings: [{ to: 'einkauf@kunde.example', delivery_status: 'sent' }],
    });
    const email = await storedEmail(quote.sendings[0].message_id);
    expect(email.subject).toBe(`Angebot ${quote.quote_number} von Quoting`);
    expect(email.body.text).toContain(quote.public_url);
    const pdf = email.attachments.find((file) => file.contentType === 'application/pdf')!;
    const printed = readPdf(Buffer.from(pdf.content, 'base64')).text;
    for (const words of [`Angebot ${quote.quote_number}`, 'Gültig bis', '15. Januar 2027', 'Planung'])
      expect(printed, words).toContain(words);
    const events = await call('list-events', { token: tenant.apiKey, query: { type: 'quote.sent' } });
    expect(events.json.results.map((event: { data: { object: { id: string } } }) => event.data.object.id)).toContain(
      draft.id,
    );

    const before = await tableItemCount();
    const edit = await call('update-quote', { token: tenant.apiKey, params: { id: draft.id }, body: { notes: 'x' } });
    expect([edit.status, edit.json.error.code]).toEqual([409, 'invalid_state']);
    expect(await tableItemCount()).toBe(before);
    // Sent again while valid: a second e-mail, still sent.
    expect((await call('send-quote', { token: tenant.apiKey, params: { id: draft.id }, body: {} })).status).toBe(200);
  });

  it('is not sent once past its expiry day', async () => {
    const { json: draft } = await create({ issue_date: '2026-01-02', expiry_date: '2026-01-31' });
    const answer = await call('send-quote', { token: tenant.apiKey, params: { id: draft.id }, body: {} });
    expect([answer.status, answer.json.error.code]).toEqual([409, 'invalid_state']);
    expect(answer.json.error.message).toContain('2026-01-31');
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const before = await tableItemCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ expiry_date: '2026-11-19' }, 'expiry_date'],
      [{ line_items: [] }, 'line_items'],
      [{ valid_until: '2026-12-01' }, 'valid_until'],
      [{ line_items: [{ ...lines[0], quantity: -1 }] }, 'line_items[0].quantity'],
    ];
    for (const [body, field] of cases) {
      const answer = await create(body);
      expect([answer.status, Object.keys(answer.json.error.details.fields ?? {})], JSON.stringify(body)).toEqual([
        400,
        [field],
      ]);
    }
    const { json: draft } = await create();
    const after = await tableItemCount();
    const patch = await call('update-quote', {
      token: tenant.apiKey,
      params: { id: draft.id },
      body: { issue_date: '2026-11-20', expiry_date: '2026-11-01' },
    });
    expect([patch.status, Object.keys(patch.json.error.details.fields)]).toEqual([400, ['expiry_date']]);
    expect(await tableItemCount()).toBe(after);
    expect(after).toBeGreaterThan(before);
  });
});

describe('the public quote page and the sweep', () => {
  const tokenOf = (url: string) => new URL(url).pathname.split('/').at(-2)!;
  const answer = (token: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
    call('answer-public-quote', {
      params: { token },
      raw: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });
  const sentQuote = async (body: Record<string, unknown> = {}) => {
    const { json } = await create({ expiry_date: '2099-01-31', ...body });
    await call('send-quote', { token: tenant.apiKey, params: { id: json.id }, body: {} });
    return (await call('get-quote', { token: tenant.apiKey, params: { id: json.id } })).json;
  };
  const stored = async (id: string) => (await call('get-quote', { token: tenant.apiKey, params: { id } })).json;

  it('takes one answer: a stale form, another site’s form or a second answer change nothing', async () => {
    const quote = await sentQuote();
    const token = tokenOf(quote.public_url);
    const page = await call('view-public-quote', { params: { token } });
    expect(page.status).toBe(200);
    const version = /name="version" value="(\d+)"/.exec(page.text)![1]!;
    expect(page.text).toContain('Angebot annehmen');

    const foreign = await answer(token, { decision: 'accept', version }, { origin: 'https://elsewhere.example' });
    expect([foreign.status, (await stored(quote.id)).status]).toEqual([403, 'sent']);
    const stale = await answer(token, { decision: 'accept', version: String(Number(version) - 1) });
    expect(stale.headers.location).toBe(`${quote.public_url}?notice=stale`);
    expect((await stored(quote.id)).status).toBe('sent');

    const declined = await answer(token, { decision: 'decline', version });
    expect([declined.status, declined.headers.location]).toEqual([303, quote.public_url]);
    const after = await stored(quote.id);
    expect(after).toMatchObject({ status: 'declined', accepted_at: null });
    expect(await answer(token, { decision: 'accept', version: String(after.version ?? version) })).toMatchObject({
      status: 303,
    });
    expect((await stored(quote.id)).status).toBe('declined');
    const shown = await call('view-public-quote', { params: { token } });
    expect(shown.text).toContain('Abgelehnt am');
    expect(shown.text).not.toContain('name="decision"');
    const events = await call('list-events', {
      token: tenant.apiKey,
      query: { type: 'quote.declined,quote.accepted' },
    });
    expect(
      events.json.results.filter((event: { data: { object: { id: string } } }) => event.data.object.id === quote.id),
    ).toHaveLength(1);
  });

  it('takes forms of its own page only: another origin, Origin null, another site or Referer is 403 before anything is read', async () => {
    const quote = await sentQuote();
    const token = tokenOf(quote.public_url);
    const page = await call('view-public-quote', { params: { token } });
    // The page's own form carries its Origin: under no-referrer a browser would send Origin: null.
    expect(page.headers['referrer-policy']).toBe('same-origin');
    const version = /name="version" value="(\d+)"/.exec(page.text)![1]!;
    const own = new URL(quote.public_url).origin;
    const foreign: Record<string, string>[] = [
      { origin: 'null' },
      { origin: 'https://elsewhere.example' },
      { origin: `${own}.elsewhere.example` },
      { origin: own, 'sec-fetch-site': 'cross-site' },
      { origin: own, 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'none' },
      { referer: 'https://elsewhere.example/page.html' },
      { referer: 'not a url' },
    ];
    for (const headers of foreign) {
      // A malformed form of another site is refused as another site's: its body is never read.
      for (const form of [{ decision: 'accept', version }, { decision: 'maybe' }] as Record<string, string>[]) {
        const { result, calls } = await countDbCalls(() => answer(token, form, headers));
        expect([result.status, result.json?.error?.code], JSON.stringify(headers)).toEqual([403, 'permission_denied']);
        expect(calls, JSON.stringify(headers)).toEqual({});
      }
    }
    expect((await stored(quote.id)).status).toBe('sent');
    // What a browser sends for the page's own form is taken.
    const accepted = await answer(
      token,
      { decision: 'accept', version },
      { origin: own, 'sec-fetch-site': 'same-origin', referer: quote.public_url },
    );
    expect([accepted.status, (await stored(quote.id)).status]).toEqual([303, 'accepted']);
  });

  it('answers 415 to a body that is no form, JSON included, and changes nothing', async () => {
    const quote = await sentQuote();
    const token = tokenOf(quote.public_url);
    const page = await call('view-public-quote', { params: { token } });
    const version = /name="version" value="(\d+)"/.exec(page.text)![1]!;
    for (const contentType of ['application/json', 'text/plain', 'multipart/form-data; boundary=x']) {
      const refused = await call('answer-public-quote', {
        params: { token },
        raw: JSON.stringify({ decision: 'accept', version }),
        headers: { 'content-type': contentType },
      });
      expect([refused.status, refused.json.error.code], contentType).toEqual([415, 'unsupported_media_type']);
    }
    expect((await stored(quote.id)).status).toBe('sent');
  });

  it('refuses a form that is no answer, and answers no draft', async () => {
    const quote = await sentQuote();
    const token = tokenOf(quote.public_url);
    const bad = await answer(token, { decision: 'maybe', version: '1' });
    expect([bad.status, Object.keys(bad.json.error.details.fields)]).toEqual([400, ['decision']]);
    const { json: draft } = await create();
    expect((await call('view-public-quote', { params: { token: tokenOf(draft.public_url) } })).status).toBe(404);
  });

  it('expires sent quotes past their expiry day, once, and leaves answered ones as they are', async () => {
    const expiring = await sentQuote({ expiry_date: '2098-06-30' });
    const accepted = await sentQuote({ expiry_date: '2098-06-30' });
    const page = await call('view-public-quote', { params: { token: tokenOf(accepted.public_url) } });
    const version = /name="version" value="(\d+)"/.exec(page.text)![1]!;
    await answer(tokenOf(accepted.public_url), { decision: 'accept', version, name: 'Ada' });
    const { handler } = await import('#functions/quote-sweeper/handler');
    await handler({ today: '2098-06-30' });
    expect((await stored(expiring.id)).status).toBe('sent');
    const first = await handler({ today: '2098-07-01' });
    const again = await handler({ today: '2098-07-01' });
    expect(first.expired).toBeGreaterThanOrEqual(1);
    expect(again.expired).toBe(0);
    expect(await stored(expiring.id)).toMatchObject({ status: 'expired' });
    expect(await stored(accepted.id)).toMatchObject({ status: 'accepted', accepted_by: 'Ada' });
  });
});
