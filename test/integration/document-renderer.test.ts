// The hop to the document renderer: Lambda's Invoke API as the callers sign and read it, the laptop's
// endpoint answering as Lambda does, and what a caller does when the renderer fails.
import { archiveStore } from '#shared/aws/archive-store';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignatureV4 } from '@smithy/signature-v4';
import { Hash } from '@smithy/core/serde';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { DOCUMENT_RENDERER } from '#functions/topology';
import { LOCAL_CREDENTIALS } from '#infra/local/emulators';
import { INVOKE_PAYLOAD_LIMIT } from '#infra/local/lambda-endpoint';
import { FunctionFailedError, InvokeFailedError, invokerFor } from '#shared/aws/lambda';
import { sesSender } from '#shared/aws/ses';
import { getInvoice } from '#shared/data/invoices';
import { documentRenderer } from '#shared/documents/renderer';
import { DomainError } from '#shared/domain/errors';
import { sendInvoice } from '#shared/invoicing/send-invoice';
import { createLogger } from '#shared/observability/logger';
import { call, db, invoiceBody, newTenant } from '#test/support/api';

type Seen = { method?: string; url?: string; headers: IncomingHttpHeaders; body: string };
type Answer = { status: number; headers?: Record<string, string>; body: string };

const servers: { close(): void }[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A stand-in for Lambda that answers `answers` in turn (the last one from then on) and records each request. */
async function fakeLambda(answers: Answer[]) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body: Buffer.concat(chunks).toString() });
      const answer = answers[Math.min(seen.length, answers.length) - 1]!;
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { seen, invoke: invokerFor({ ...LOCAL_CREDENTIALS, AWS_ENDPOINT_URL_LAMBDA: endpoint }, async () => {}) };
}

const local = () => invokerFor({ ...LOCAL_CREDENTIALS, AWS_ENDPOINT_URL_LAMBDA: inject('lambdaEndpoint') });

describe('invoking the document renderer', () => {
  it('signs Invoke with SigV4 for lambda in the region, as Lambda verifies it', async () => {
    const lambda = await fakeLambda([{ status: 200, body: '{"ok":true}' }]);
    expect(await lambda.invoke('invoicing-renderer', '{"kind":"invoice-pdf"}')).toEqual({ payload: '{"ok":true}' });
    const [request] = lambda.seen;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/2015-03-31/functions/invoicing-renderer/invocations');
    expect(request!.headers['x-amz-invocation-type']).toBe('RequestResponse');
    const authorization = String(request!.headers.authorization);
    expect(authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=local\/\d{8}\/us-east-1\/lambda\/aws4_request, /);
    // The same request signed again at the same instant gives the same signature: the server can verify it.
    const amzDate = String(request!.headers['x-amz-date']);
    const signer = new SignatureV4({
      service: 'lambda',
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      sha256: Hash.bind(null, 'sha256'),
    });
    const again = await signer.sign(
      {
        method: 'POST',
        protocol: 'http:',
        hostname: '127.0.0.1',
        port: Number(String(request!.headers.host).split(':')[1]),
        path: request!.url!,
        query: {},
        headers: {
          host: String(request!.headers.host),
          'content-length': String(request!.headers['content-length']),
          'content-type': 'application/json',
          'x-amz-invocation-type': 'RequestResponse',
        },
        body: request!.body,
      },
      { signingDate: new Date(amzDate.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z')) },
    );
    expect(again.headers.authorization).toBe(authorization);
  });

  it('tries a throttle and a fault of Lambda again, and gives up on a refusal at once', async () => {
    const throttled = await fakeLambda([
      { status: 429, headers: { 'x-amzn-errortype': 'TooManyRequestsException' }, body: '{}' },
      { status: 502, headers: { 'x-amzn-errortype': 'ServiceException' }, body: '{}' },
      { status: 200, body: '"drawn"' },
    ]);
    expect((await throttled.invoke('renderer', '{}')).payload).toBe('"drawn"');
    expect(throttled.seen).toHaveLength(3);
    const denied = await fakeLambda([
      { status: 403, headers: { 'x-amzn-errortype': 'AccessDeniedException:http://internal.amazon.com/' }, body: '{}' },
    ]);
    const error = await denied.invoke('renderer', '{}').catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(InvokeFailedError);
    expect((error as InvokeFailedError).errorType).toBe('AccessDeniedException');
    expect(denied.seen).toHaveLength(1);
  });

  it('reads a function error from its header, and a refusal from the answer as the DomainError it was', async () => {
    const failing = await fakeLambda([
      {
        status: 200,
        headers: { 'x-amz-function-error': 'Unhandled' },
        body: '{"errorType":"Sandbox.Timedout","errorMessage":"Task timed out after 20.00 seconds"}',
      },
    ]);
    await expect(documentRenderer(failing.invoke, 'renderer').render({} as never)).rejects.toThrow(FunctionFailedError);
    const refusing = await fakeLambda([
      {
        status: 200,
        body: '{"refused":{"code":"invalid_state","message":"A draft is not an invoice yet","details":{}}}',
      },
    ]);
    const refusal = await documentRenderer(refusing.invoke, 'renderer')
      .render({} as never)
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DomainError);
    expect((refusal as DomainError).code).toBe('invalid_state');
  });
});

describe("the laptop's Lambda endpoint", () => {
  it('answers as Lambda does: unknown function 404, a payload over 6 MB 413, a thrown error as a function error', async () => {
    const invoke = local();
    const unknown = await invoke('no-such-function', '{}').catch((error: unknown) => error);
    expect((unknown as InvokeFailedError).status).toBe(404);
    expect((unknown as InvokeFailedError).errorType).toBe('ResourceNotFoundException');
    const large = await invoke(
      DOCUMENT_RENDERER.handler,
      JSON.stringify({ pad: 'x'.repeat(INVOKE_PAYLOAD_LIMIT) }),
    ).catch((error: unknown) => error);
    expect((large as InvokeFailedError).errorType).toBe('RequestEntityTooLargeException');
    // A request the renderer cannot read is a bug in the caller: it fails the invocation, not a refusal.
    const broken = await invoke(DOCUMENT_RENDERER.handler, '{"kind":"invoice-pdf"}');
    expect(broken.functionError).toBe('Unhandled');
    expect(JSON.parse(broken.payload)).toMatchObject({
      errorType: expect.any(String),
      errorMessage: expect.any(String),
    });
  });
});

describe('a renderer that fails', () => {
  it('leaves the invoice a draft, so it can be sent again once the renderer draws', async () => {
    const tenant = await newTenant();
    const client = await call('create-client', {
      token: tenant.apiKey,
      body: { name: 'Buyer', email: 'buyer@example.com' },
    });
    const created = await call('create-invoice', { token: tenant.apiKey, body: invoiceBody(client.json.id) });
    const failing = await fakeLambda([
      { status: 200, headers: { 'x-amz-function-error': 'Unhandled' }, body: '{"errorType":"Runtime.OutOfMemory"}' },
    ]);
    const deps = {
      db,
      ses: sesSender(),
      renderer: documentRenderer(failing.invoke, DOCUMENT_RENDERER.handler),
      archive: archiveStore(),
      from: 'Acme Billing <billing@acme.example>',
      publicBaseUrl: 'http://invoices.test',
      log: createLogger('silent', {}),
    };
    await expect(sendInvoice(deps, tenant.id, created.json.id)).rejects.toThrow(FunctionFailedError);
    expect((await getInvoice(db, tenant.id, created.json.id))!.status).toBe('draft');
    const sent = await call('send-invoice', { token: tenant.apiKey, params: { id: created.json.id }, body: {} });
    expect(sent.status, sent.text).toBe(200);
  });
});
