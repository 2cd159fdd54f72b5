// SendRawEmail as the service sends it by hand holds the same form, headers and signing scope as the
// SDK's SES client sends, both caught by one local server; SES's answers and refusals are read as the
// SDK reads them, and throttles are tried again.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SendRawEmailCommand, SESClient } from '@aws-sdk/client-ses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SesRefusedError, SesSender } from '#shared/aws/ses';

const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
const OK = (id: string) =>
  `<SendRawEmailResponse xmlns="http://ses.amazonaws.com/doc/2010-12-01/"><SendRawEmailResult><MessageId>${id}</MessageId></SendRawEmailResult><ResponseMetadata><RequestId>r</RequestId></ResponseMetadata></SendRawEmailResponse>`;
const ERROR = (code: string, message: string) =>
  `<ErrorResponse xmlns="http://ses.amazonaws.com/doc/2010-12-01/"><Error><Type>Sender</Type><Code>${code}</Code><Message>${message}</Message></Error><RequestId>r</RequestId></ErrorResponse>`;

type Caught = { body: string; headers: IncomingHttpHeaders; path: string };
const caught: Caught[] = [];
let answers: { status: number; xml: string }[] = [];
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    caught.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers, path: req.url ?? '' });
    const { status, xml } = answers.shift() ?? { status: 200, xml: OK('0100-default') };
    res.writeHead(status, { 'content-type': 'text/xml' }).end(xml);
  });
});
let endpoint = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const sender = () =>
  new SesSender(
    { AWS_REGION: 'eu-west-1', AWS_ENDPOINT_URL_SES: endpoint },
    async () => credentials,
    async () => {},
  );
const EMAIL = {
  raw: Buffer.from('From: a@example.com\r\nTo: b@example.com\r\nSubject: Rechnung Nr. 1 – ü & <x>\r\n\r\nHallo+=/\r\n'),
  source: 'Invoices <invoices@example.com>',
  destinations: ['b+tag@example.com'],
  configurationSet: 'invoicing-events',
  tags: [
    { Name: 'organization', Value: 'org_01ARZ3NDEKTSV4RRFFQ69G5FAV' },
    { Name: 'kind', Value: 'invoice' },
  ],
};
const fields = (body: string) => [...new URLSearchParams(body)].sort(([a], [b]) => (a < b ? -1 : 1));
const scope = (headers: IncomingHttpHeaders) =>
  /Credential=AKIDEXAMPLE\/\d{8}\/([^,]+),/.exec(String(headers.authorization))?.[1];
const signedHeaders = (headers: IncomingHttpHeaders) =>
  /SignedHeaders=([^,]+),/.exec(String(headers.authorization))?.[1];

describe('SendRawEmail by hand', () => {
  it('sends the form, content type and signing scope the SDK sends, and answers the message id', async () => {
    caught.length = 0;
    answers = [
      { status: 200, xml: OK('0100-sdk') },
      { status: 200, xml: OK('0100-ours') },
    ];
    const sdk = new SESClient({ region: 'eu-west-1', endpoint, credentials });
    const sdkAnswer = await sdk.send(
      new SendRawEmailCommand({
        RawMessage: { Data: EMAIL.raw },
        Source: EMAIL.source,
        Destinations: EMAIL.destinations,
        ConfigurationSetName: EMAIL.configurationSet,
        Tags: EMAIL.tags,
      }),
    );
    expect(sdkAnswer.MessageId).toBe('0100-sdk');
    expect(await sender().sendRawEmail(EMAIL)).toBe('0100-ours');
    const [theirs, ours] = caught as [Caught, Caught];
    expect(fields(ours.body)).toEqual(fields(theirs.body));
    expect(ours.path).toBe(theirs.path);
    expect(ours.headers['content-type']).toBe(theirs.headers['content-type']);
    expect(scope(ours.headers)).toBe('eu-west-1/ses/aws4_request');
    expect(scope(ours.headers)).toBe(scope(theirs.headers));
    expect(signedHeaders(ours.headers)).toContain('content-type;host');
    // The body's length is signed, as the SDK signs it.
    expect(signedHeaders(theirs.headers)).toContain('content-length');
    expect(signedHeaders(ours.headers)).toContain('content-length;content-type;host');
    expect(ours.headers['content-length']).toBe(String(Buffer.byteLength(ours.body)));
  });

  it('refuses with SES’s code and message, without trying a refusal again', async () => {
    caught.length = 0;
    answers = [{ status: 400, xml: ERROR('MessageRejected', 'Email address is not verified: &lt;x@example.com&gt;') }];
    const refused = await sender()
      .sendRawEmail(EMAIL)
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SesRefusedError);
    expect(refused).toMatchObject({ status: 400, code: 'MessageRejected' });
    expect((refused as Error).message).toContain('not verified: <x@example.com>');
    expect(caught).toHaveLength(1);
  });

  it('tries a throttle and a fault again, up to three attempts', async () => {
    caught.length = 0;
    answers = [
      { status: 400, xml: ERROR('Throttling', 'Maximum sending rate exceeded.') },
      { status: 503, xml: ERROR('ServiceUnavailable', 'Service is unavailable') },
      { status: 200, xml: OK('0100-third') },
    ];
    expect(await sender().sendRawEmail(EMAIL)).toBe('0100-third');
    expect(caught).toHaveLength(3);
    answers = [0, 1, 2].map(() => ({ status: 500, xml: ERROR('InternalFailure', 'boom') }));
    await expect(sender().sendRawEmail(EMAIL)).rejects.toMatchObject({ status: 500, code: 'InternalFailure' });
    expect(caught).toHaveLength(6);
  });
});
