// Each bad request gets its documented status and code, and the table holds nothing new afterwards.
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey } from '#shared/domain/api-key';
import { call, invoiceBody, newTenant, tableItemCount, type CallOptions } from '#test/support/api';
import { ROUTES, type RouteName } from '#functions/routes';

let tenant: Awaited<ReturnType<typeof newTenant>>;
let other: Awaited<ReturnType<typeof newTenant>>;
let clientId: string;
let otherClientId: string;
/** An issued invoice of 1.00 (one line), to credit. */
let sentInvoiceId: string;
let draftId: string;

beforeAll(async () => {
  tenant = await newTenant('Strict');
  other = await newTenant('Other');
  clientId = (await call('create-client', { token: tenant.apiKey, body: { name: 'Valid', email: 'v@x.example' } })).json
    .id;
  otherClientId = (await call('create-client', { token: other.apiKey, body: { name: 'Theirs', email: 't@x.example' } }))
    .json.id;
  sentInvoiceId = (
    await call('create-invoice', { token: tenant.apiKey, body: { client: clientId, line_items: [line] } })
  ).json.id;
  await call('send-invoice', { token: tenant.apiKey, params: { id: sentInvoiceId } });
  draftId = (await call('create-invoice', { token: tenant.apiKey, body: { client: clientId, line_items: [line] } }))
    .json.id;
});

const line = { description: 'x', quantity: 1, unit_price: '1.00', tax_rate: '0' };
type Case = {
  name: string;
  route: RouteName;
  options: () => CallOptions;
  status: number;
  code: string;
  field?: string;
};

const cases: Case[] = [
  {
    name: 'invalid JSON',
    route: 'create-client',
    options: () => ({ raw: '{"name": ' }),
    status: 400,
    code: 'invalid_json',
  },
  {
    name: 'wrong content type',
    route: 'create-client',
    options: () => ({ raw: 'name=x', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
    status: 415,
    code: 'unsupported_media_type',
  },
  {
    name: 'a 2 MB body',
    route: 'create-invoice',
    options: () => ({ body: invoiceBody(clientId, { notes: 'x'.repeat(2 * 1024 * 1024) }) }),
    status: 413,
    code: 'payload_too_large',
  },
  {
    name: 'a missing required field',
    route: 'create-client',
    options: () => ({ body: { email: 'a@x.example' } }),
    status: 400,
    code: 'validation_error',
    field: 'name',
  },
  {
    name: 'a wrongly typed field',
    route: 'create-client',
    options: () => ({ body: { name: 42, email: 'a@x.example' } }),
    status: 400,
    code: 'validation_error',
    field: 'name',
  },
  {
    name: 'a malformed e-mail',
    route: 'create-client',
    options: () => ({ body: { name: 'A', email: 'not-an-email' } }),
    status: 400,
    code: 'validation_error',
    field: 'email',
  },
  {
    name: 'a three-letter country',
    route: 'create-client',
    options: () => ({ body: { name: 'A', email: 'a@x.example', country: 'USA' } }),
    status: 400,
    code: 'validation_error',
    field: 'country',
  },
  {
    name: 'a quantity of 0',
    route: 'create-invoice',
    options: () => ({ body: invoiceBody(clientId, { line_items: [{ ...line, quantity: 0 }] }) }),
    status: 400,
    code: 'validation_error',
    field: 'line_items[0].quantity',
  },
  {
    name: 'a negative quantity',
    route: 'create-invoice',
    options: () => ({ body: invoiceBody(clientId, { line_items: [line, { ...line, quantity: -2 }] }) }),
    status: 400,
    code: 'validation_error',
    field: 'line_items[1].quantity',
  },
  {
    name: 'a price with three fraction digits',
    route: 'create-invoice',
    options: () => ({ body: invoiceBody(clientId, { line_items: [{ ...line, unit_price: '1.005' }] }) }),
    status: 400,
    code: 'validation_error',
    field: 'line_items[0].unit_price',
  },
  {
    name: 'a price sent as a number',
    route: 'create-invoice',
    options: () => ({ body: invoiceBody(clientId, { line_items: [{ ...line, unit_price: 1.5 }] }) }),
    status: 400,
    code: 'validation_error',
    field: 'line_items[0].unit_price',
  },
  {
    name: 'a tax rate over 100',
    route: 'create-invoice',
    options: () => ({ body: invoiceBody(clientId, { line_items: [{ ...line, tax_rate: '100.01' }] }) }),
    status: 400,
    code: 'validation_error',
    field: 'line_items[0].tax_rate',
  },
  {
    name: 'a total over the maximum',
    route: 'create-invoice',
    options: () => ({
      body: invoiceBody(clientId, {
        line_items: Array.from({ length: 200 }, () => ({ ...line, quantity: 1_000_000, unit_price: '999999999.99' })),
      }),
    }),
    status: 400,
    code: 'validation_error',
    field: 'line_items',
  },
  {
    name: '10 000 line items',
    route: 'create-invoice',
    options: () => ({ body: invoiceBody(clientId, { line_items: Array.from({ length: 10_000 }, () => line) }) }),
    status: 400,
    code: 'validation_error',
    field: 'line_items',
  },
  {
    name: 'no line items',
    route: 'create-invoice',
    options: () => ({ body: invoiceBody(clientId, { line_items: [] }) }),
    status: 400,
    code: 'validation_error',
    field: 'line_items',
  },
  {
    name: 'an impossible date',
    route: 'create-invoice',
    options: () => ({ body: invoiceBody(clientId, { issue_date: '2026-02-30' }) }),
    status: 400,
    code: 'validation_error',
    field: 'issue_date',
  },
  {
    name: 'a due date before the issue date',
    route: 'create-invoice',
    options: () => ({ body: invoiceBody(clientId, { issue_date: '2026-11-10', due_date: '2026-11-09' }) }),
    status: 400,
    code: 'validation_error',
    field: 'due_date',
  },
  // Every range of two fields: inverted, it is refused on the later field.
  ...(
    [
      ['list-audit-log', { from: '2026-12-01', to: '2026-11-30' }, 'to'],
      ['list-invoices', { issue_date_from: '2026-12-01', issue_date_to: '2026-11-30' }, 'issue_date_to'],
      ['list-credit-notes', { issue_date_from: '2026-12-01', issue_date_to: '2026-11-30' }, 'issue_date_to'],
      ['get-revenue-report', { period: 'monthly', start_date: '2026-12-01', end_date: '2026-11-30' }, 'end_date'],
    ] as const
  ).map(([route, query, field]) => ({
    name: `an inverted range on ${route}`,
    route: route as RouteName,
    options: () => ({ query, ...(route === 'list-audit-log' ? { token: tenant.ownerToken } : {}) }),
    status: 400,
    code: 'validation_error',
    field,
  })),
  {
    name: 'an inverted statement period',
    route: 'get-client-statement',
    options: () => ({ params: { id: clientId }, query: { from: '2026-12-01', to: '2026-11-30' } }),
    status: 400,
    code: 'validation_error',
    field: 'to',
  },
  {
    name: 'an inverted export period',
    route: 'create-export',
    options: () => ({ body: { kind: 'invoices', from: '2026-12-01', to: '2026-11-30' } }),
    status: 400,
    code: 'validation_error',
    field: 'to',
  },
  {
    name: 'a line discount of both percent and amount',
    route: 'create-invoice',
    options: () => ({
      body: invoiceBody(clientId, { line_items: [{ ...line, discount: { percent: '5', amount: '0.10' } }] }),
    }),
    status: 400,
    code: 'validation_error',
    field: 'line_items[0].discount.amount',
  },
  {
    name: 'a credited line of neither quantity nor amount',
    route: 'create-credit-note',
    options: () => ({ params: { id: sentInvoiceId }, body: { reason: 'other', lines: [{ line: 0 }] } }),
    status: 400,
    code: 'validation_error',
    field: 'lines[0].quantity',
  },
  {
    name: 'an unsupported currency',
    route: 'create-invoice',
    options: () => ({ body: invoiceBody(clientId, { currency: 'JPY' }) }),
    status: 400,
    code: 'validation_error',
    field: 'currency',
  },
  {
    name: 'an unknown client id',
    route: 'create-invoice',
    options: () => ({ body: invoiceBody('cli_01ARZ3NDEKTSV4RRFFQ69G5FAV') }),
    status: 404,
    code: 'not_found',
  },
  {
    name: 'a client id of another organization',
    route: 'create-invoice',
    options: () => ({ body: invoiceBody(otherClientId) }),
    status: 404,
    code: 'not_found',
  },
  {
    name: 'a malformed client id',
    route: 'create-invoice',
    options: () => ({ body: invoiceBody('client-1') }),
    status: 400,
    code: 'validation_error',
    field: 'client',
  },
  ...(['id', 'status', 'invoice_number', 'subtotal', 'total_amount', 'public_url', 'organization_id'] as const).map(
    (field): Case => ({
      name: `a server-assigned field (${field})`,
      route: 'create-invoice',
      options: () => ({ body: invoiceBody(clientId, { [field]: 'x' }) }),
      status: 400,
      code: 'validation_error',
      field,
    }),
  ),
  {
    name: 'a server-assigned client field (is_active)',
    route: 'create-client',
    options: () => ({ body: { name: 'A', email: 'a@x.example', is_active: false } }),
    status: 400,
    code: 'validation_error',
    field: 'is_active',
  },
  {
    name: 'a limit over 100',
    route: 'list-invoices',
    options: () => ({ query: { limit: '101' } }),
    status: 400,
    code: 'validation_error',
    field: 'limit',
  },
  {
    name: 'an unknown status filter',
    route: 'list-invoices',
    options: () => ({ query: { status: 'lost' } }),
    status: 400,
    code: 'validation_error',
    field: 'status',
  },
  {
    name: 'an empty patch',
    route: 'update-client',
    options: () => ({ params: { id: clientId }, body: {} }),
    status: 400,
    code: 'validation_error',
  },
  {
    name: 'a malformed path id',
    route: 'get-invoice',
    options: () => ({ params: { id: 'inv_123' } }),
    status: 400,
    code: 'validation_error',
    field: 'id',
  },
  {
    name: 'an unknown invoice id',
    route: 'get-invoice',
    options: () => ({ params: { id: 'inv_01ARZ3NDEKTSV4RRFFQ69G5FAV' } }),
    status: 404,
    code: 'not_found',
  },
  ...(
    [
      ['a negative credit', { amount: '-1.00', description: 'x', reason: 'other' }, 'amount'],
      ['a zero credit', { amount: '0.00', description: 'x', reason: 'other' }, 'amount'],
      ['a credit of more than is left', { amount: '1.01', description: 'x', reason: 'other' }, 'amount'],
      [
        'a credit in another currency',
        { amount: '0.50', description: 'x', reason: 'other', currency: 'EUR' },
        'currency',
      ],
      [
        'a credit of a line the invoice does not have',
        { lines: [{ line: 1, quantity: 1 }], reason: 'other' },
        'lines[0].line',
      ],
      [
        "a credit of more than the line's quantity",
        { lines: [{ line: 0, quantity: 2 }], reason: 'other' },
        'lines[0].quantity',
      ],
      ['a credit with an unknown reason', { amount: '0.50', description: 'x', reason: 'whim' }, 'reason'],
      [
        'a credit with both lines and an amount',
        { lines: [{ line: 0, quantity: 1 }], amount: '0.50', reason: 'other' },
        'lines',
      ],
    ] as const
  ).map(([name, body, field]) => ({
    name,
    route: 'create-credit-note' as const,
    options: () => ({ params: { id: sentInvoiceId }, body }),
    status: 400,
    code: 'validation_error',
    field,
  })),
  {
    name: 'a credit note of a draft',
    route: 'create-credit-note',
    options: () => ({ params: { id: draftId }, body: { amount: '0.50', description: 'x', reason: 'other' } }),
    status: 409,
    code: 'invalid_state',
  },
  // Text no XML 1.0 document can carry, in every kind of field: refused where it arrives, never stored.
  ...(
    [
      [
        'U+0007 in a client name',
        'create-client',
        () => ({ body: { name: 'Bell\u0007', email: 'b@x.example' } }),
        'name',
      ],
      [
        'U+0000 in a client address',
        'create-client',
        () => ({ body: { name: 'N', address: { line1: 'a\u0000' } } }),
        'address.line1',
      ],
      [
        'U+000B in a line description',
        'create-invoice',
        () => ({ body: invoiceBody(clientId, { line_items: [{ ...line, description: 'tab\u000Bbed' }] }) }),
        'line_items[0].description',
      ],
      [
        'U+001B in notes',
        'create-invoice',
        () => ({ body: invoiceBody(clientId, { notes: '\u001B[31mred' }) }),
        'notes',
      ],
      ['U+FFFE in terms', 'create-invoice', () => ({ body: invoiceBody(clientId, { terms: 'net \uFFFE' }) }), 'terms'],
      [
        'a lone surrogate in a name',
        'create-client',
        () => ({ body: { name: 'half \ud83d', email: 'h@x.example' } }),
        'name',
      ],
      ['U+0007 in a path parameter', 'view-public-invoice', () => ({ params: { token: 'a\u0007b' } }), 'token'],
      [
        'a body nested 400 000 deep',
        'create-client',
        () => ({ raw: `${'['.repeat(400_000)}${']'.repeat(400_000)}` }),
        '(body)',
      ],
    ] as const
  ).map(([name, route, options, field]) => ({
    name,
    route: route as RouteName,
    options: options as () => CallOptions,
    status: 400,
    code: 'validation_error',
    field,
  })),
  {
    name: 'a missing API key',
    route: 'create-client',
    options: () => ({ token: null, body: { name: 'A', email: 'a@x.example' } }),
    status: 401,
    code: 'authentication_required',
  },
  {
    name: 'a malformed API key',
    route: 'create-client',
    options: () => ({ token: 'inv_live_short', body: { name: 'A', email: 'a@x.example' } }),
    status: 401,
    code: 'invalid_token',
  },
  {
    name: 'an unknown, well-formed API key',
    route: 'create-client',
    options: () => ({ token: generateApiKey().secret, body: { name: 'A', email: 'a@x.example' } }),
    status: 401,
    code: 'invalid_token',
  },
  {
    name: 'a 16 KB Authorization header',
    route: 'create-client',
    options: () => ({ token: `inv_live_${'a'.repeat(16 * 1024)}`, body: { name: 'A', email: 'a@x.example' } }),
    status: 401,
    code: 'invalid_token',
  },
  {
    name: 'a non-bearer scheme',
    route: 'list-clients',
    options: () => ({ token: null, headers: { authorization: 'Basic dXNlcjpwYXNz' } }),
    status: 401,
    code: 'authentication_required',
  },
];

describe('bad input', () => {
  it.each(cases)('$name → $status $code, nothing written', async ({ route, options, status, code, field }) => {
    const before = await tableItemCount();
    const given = options();
    const result = await call(route, { token: tenant.apiKey, ...given });
    expect(result.status).toBe(status);
    expect(result.json.error.code).toBe(code);
    expect(typeof result.json.error.message).toBe('string');
    expect(result.json.error.details).toBeTypeOf('object');
    if (field) expect(result.json.error.details.fields).toHaveProperty([field]);
    expect(result.headers['x-request-id']).toBeTruthy();
    expect(await tableItemCount()).toBe(before);
  });

  it('never shows storage keys, hashes or tokens in any response', async () => {
    const { json: created } = await call('create-invoice', { token: tenant.apiKey, body: invoiceBody(clientId) });
    const responses = [
      created,
      (await call('get-invoice', { token: tenant.apiKey, params: { id: created.id } })).json,
      (await call('list-invoices', { token: tenant.apiKey })).json,
      (await call('get-client', { token: tenant.apiKey, params: { id: clientId } })).json,
      (await call('get-organization', { token: tenant.apiKey })).json,
    ];
    for (const body of responses) {
      const text = JSON.stringify(body);
      for (const internal of [
        '"pk"',
        '"sk"',
        'gsi1pk',
        '"version"',
        'public_token',
        'ORG#',
        'organization_id',
        'invoice_prefix',
        '_minor',
      ])
        expect(text).not.toContain(internal);
    }
  });

  it('answers an unexpected failure with a bare 500 and a request id to quote', async () => {
    // The handlers hold their own clients, so the fault is injected at the SDK class for one request.
    const prototypeSend = DynamoDBDocumentClient.prototype.send;
    DynamoDBDocumentClient.prototype.send = function (this: unknown, command: { constructor: { name: string } }) {
      if (command.constructor.name === 'BatchGetCommand')
        return Promise.reject(
          new Error('ProvisionedThroughputExceededException: internal AWS detail arn:aws:dynamodb:secret'),
        );
      return prototypeSend.apply(this, arguments as never);
    } as typeof prototypeSend;
    try {
      const before = await tableItemCount();
      const result = await call('create-invoice', { token: tenant.apiKey, body: invoiceBody(clientId) });
      expect(result.status).toBe(500);
      expect(result.json.error.code).toBe('internal_error');
      expect(JSON.stringify(result.json)).not.toMatch(/arn:|Provisioned|stack|at /);
      expect(result.json.error.details.request_id).toBe(result.headers['x-request-id']);
      expect(await tableItemCount()).toBe(before);
    } finally {
      DynamoDBDocumentClient.prototype.send = prototypeSend;
    }
  });
});

describe('every list route', () => {
  // Path parameters of each list that has them: the tenant's own resources, so a list is found.
  const paramsOf = async (): Promise<Record<string, Record<string, string>>> => {
    const webhook = await call('create-webhook', {
      token: tenant.apiKey,
      body: { url: 'https://hooks.example/receiver', events: ['invoice.sent'] },
    });
    const recurring = await call('create-recurring-invoice', {
      token: tenant.apiKey,
      body: { client: clientId, frequency: 'monthly', start_date: '2030-01-01', line_items: [line] },
    });
    expect([webhook.status, recurring.status], `${webhook.text} ${recurring.text}`).toEqual([201, 201]);
    return {
      'list-voided-numbers': { series: 'invoice' },
      'list-payments': { id: sentInvoiceId },
      'list-reminders': { id: sentInvoiceId },
      'list-invoice-credit-notes': { id: sentInvoiceId },
      'list-generated-invoices': { id: recurring.json.id },
      'list-deliveries': { id: webhook.json.id },
    };
  };
  const lists = ROUTES.filter((route) => route.method === 'GET' && route.name.startsWith('list-'));

  it('refuses an unknown parameter, a limit that is no number and a cursor it never gave, naming each', async () => {
    expect(lists.length).toBeGreaterThanOrEqual(13);
    const params = await paramsOf();
    const answers: string[] = [];
    for (const route of lists)
      for (const query of [{ colour: 'blue' }, { limit: 'abc' }, { cursor: 'not-a-cursor' }] as Record<
        string,
        string
      >[]) {
        const token = route.credentials === 'user' ? tenant.ownerToken : tenant.apiKey;
        const result = await call(route.name, { token, query, params: params[route.name] ?? {} });
        const [field] = Object.keys(query);
        answers.push(
          `${route.name} ${field}: ${result.status} ${result.json.error?.code} ${Object.keys(result.json.error?.details.fields ?? {})}`,
        );
      }
    expect(answers.filter((answer) => !/: 400 validation_error (colour|limit|cursor)$/.test(answer))).toEqual([]);
  });
});
