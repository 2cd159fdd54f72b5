// An e-mail to receiving addresses through the inbox's e-mail operation, its MIME composed by
// nodemailer as a mail client would: each XML or PDF attachment a candidate in each addressed
// organization's inbox, what is no e-invoice refused alone, the message kept, a redelivery adding nothing.
import { archiveStore } from '#shared/aws/archive-store';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { S3Client } from '@aws-sdk/client-s3';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { incomingEmailKey, s3IncomingStore } from '#shared/aws/incoming-store';
import { invokerFor } from '#shared/aws/lambda';
import { inboundAddressOf } from '#shared/domain/inbound-address';
import { eInvoiceReader } from '#shared/e-invoice-reader/reader';
import { receiveEmail } from '#shared/inbox/receive-email';
import { E_INVOICE_READER } from '#functions/topology';
import { call, db, newTenant } from '#test/support/api';
import { synthesizedTemplate, type Template } from '#test/support/cloudformation';
import { sqsEventOf } from '#test/support/ses-events';
import { TEST_INCOMING_BUCKET } from '#test/support/buckets';
import { outboxEvents } from '#test/support/peppol-queue';

const DOMAIN = 'invoices.test';
const EXAMPLE = new URL('../../vendor/einvoicing/examples/peppol/sales-order-example.xml', import.meta.url);
const store = s3IncomingStore(TEST_INCOMING_BUCKET, new S3Client({ forcePathStyle: true }));
const deps = {
  db,
  store,
  archive: archiveStore(),
  reader: eInvoiceReader(invokerFor(process.env), E_INVOICE_READER.handler),
  publicBaseUrl: 'http://invoices.test',
  domain: DOMAIN,
};

let a: Awaited<ReturnType<typeof newTenant>>;
let b: Awaited<ReturnType<typeof newTenant>>;
beforeAll(async () => {
  [a, b] = [await newTenant('Mail A'), await newTenant('Mail B')];
});

const compose = (to: string[], bcc: string[]) =>
  new MailComposer({
    from: 'Supplier Billing <billing@supplier.example>',
    to,
    bcc,
    subject: 'Rechnung 4711',
    messageId: '<4711@supplier.example>',
    text: 'Please find our invoice attached.',
    attachments: [
      { filename: 'invoice.xml', content: readFileSync(EXAMPLE), contentType: 'application/xml' },
      { filename: 'scan.pdf', content: Buffer.from('%PDF-1.7\nnot a real pdf'), contentType: 'application/pdf' },
      { filename: 'terms.txt', content: 'Terms and conditions', contentType: 'text/plain' },
    ],
  })
    .compile()
    .build();

describe('an e-mail to receiving addresses', () => {
  it('takes each XML or PDF attachment into every addressed inbox, refusing what is no e-invoice, keeping the message', async () => {
    const to = [inboundAddressOf(a.id, DOMAIN), 'someone@elsewhere.example'];
    const raw = await compose(to, [inboundAddressOf(b.id, DOMAIN)]);
    // The envelope: SES hands the recipients it accepted, Bcc included.
    const email = { raw, recipients: [...to, inboundAddressOf(b.id, DOMAIN)], messageId: 'ses-message-1' };
    const outcomes = await receiveEmail(deps, email);
    expect(outcomes.map(({ organization_id, attachment, outcome }) => [organization_id, attachment, outcome])).toEqual([
      [a.id, 'invoice.xml', 'created'],
      [a.id, 'scan.pdf', 'refused'],
      [b.id, 'invoice.xml', 'created'],
      [b.id, 'scan.pdf', 'refused'],
    ]);
    expect(outcomes[1]!.reason).toBe('not_a_pdf');
    const [received] = (await outboxEvents(a.id, 'incoming_invoice.received')).map(
      (event) => event.data.object as { id: string; source: unknown },
    );
    expect(received!.id).toBe(outcomes[0]!.incoming_invoice_id);
    expect(received!.source).toEqual({
      channel: 'email',
      message_id: '<4711@supplier.example>',
      from: 'billing@supplier.example',
      subject: 'Rechnung 4711',
    });
    const kept = await store.get(incomingEmailKey(a.id, createHash('sha256').update(raw).digest('hex')));
    expect(kept && Buffer.from(kept).equals(raw)).toBe(true);

    // SES delivers at least once: the same message again takes nothing in twice and announces nothing.
    const again = await receiveEmail(deps, email);
    expect(again.filter((outcome) => outcome.outcome !== 'refused').map((outcome) => outcome.outcome)).toEqual([
      'existing',
      'existing',
    ]);
    expect(await outboxEvents(a.id, 'incoming_invoice.received')).toHaveLength(1);
    expect(await outboxEvents(a.id, 'incoming_invoice.duplicate')).toHaveLength(0);
  });

  it('ignores a message to no receiving address of this deployment', async () => {
    const raw = await compose(['someone@elsewhere.example'], []);
    const outcomes = await receiveEmail(deps, {
      raw,
      recipients: ['someone@elsewhere.example', `${a.id}@other.example`],
      messageId: 'ses-message-2',
    });
    expect(outcomes).toEqual([]);
    // An address of the domain whose id is no organization's has no inbox: nothing is written for it.
    const nobody = 'org_01JZZZZZZZZZZZZZZZZZZZZZZZ';
    const toNobody = await compose([inboundAddressOf(nobody, DOMAIN)], []);
    const recipients = [inboundAddressOf(nobody, DOMAIN)];
    expect(await receiveEmail(deps, { raw: toNobody, recipients, messageId: 'ses-message-3' })).toEqual([]);
    const sha256 = createHash('sha256').update(toNobody).digest('hex');
    expect(await store.get(incomingEmailKey(nobody, sha256))).toBeUndefined();
  });
});

// What AWS hands the worker: SES's "Received" notification of a rule whose S3 action wrote the message,
// every field the SES Developer Guide lists ("Notification contents for Amazon SES email receiving"),
// passed on by SNS as it is (raw delivery), the object where the rule's prefix put it.
type Resource = { Type: string; Properties: Record<string, any> };
const sesNotification = (messageId: string, recipients: string[], objectKey: string, virus = 'PASS') => ({
  notificationType: 'Received',
  mail: {
    timestamp: '2026-12-02T09:15:00.000Z',
    source: 'billing@supplier.example',
    messageId,
    destination: recipients,
    headersTruncated: false,
    headers: [
      { name: 'Return-Path', value: '<billing@supplier.example>' },
      { name: 'From', value: 'Supplier Billing <billing@supplier.example>' },
      { name: 'Subject', value: 'Rechnung 4711' },
      { name: 'Message-ID', value: '<4711@supplier.example>' },
    ],
    commonHeaders: {
      returnPath: 'billing@supplier.example',
      from: ['Supplier Billing <billing@supplier.example>'],
      date: 'Wed, 2 Dec 2026 09:15:00 +0000',
      to: recipients,
      messageId: '<4711@supplier.example>',
      subject: 'Rechnung 4711',
    },
  },
  receipt: {
    timestamp: '2026-12-02T09:15:00.500Z',
    processingTimeMillis: 412,
    recipients,
    spamVerdict: { status: 'PASS' },
    virusVerdict: { status: virus },
    spfVerdict: { status: 'PASS' },
    dkimVerdict: { status: 'PASS' },
    dmarcVerdict: { status: 'PASS' },
    action: {
      type: 'S3',
      topicArn: 'arn:aws:sns:eu-west-1:111111111111:InvoicingService-InboundEmailReceived',
      bucketName: TEST_INCOMING_BUCKET,
      objectKeyPrefix: objectKey.slice(0, objectKey.lastIndexOf('/') + 1),
      objectKey,
    },
  },
});

describe("in AWS: SES's receipt rule, its S3 action and topic, the queue and the e-mail receiver", () => {
  let template: Template;
  let resources: [string, Resource][];
  let c: Awaited<ReturnType<typeof newTenant>>;
  beforeAll(async () => {
    c = await newTenant('Mail C');
    template = synthesizedTemplate({ inboundEmailDomain: DOMAIN });
    resources = Object.entries(template.Resources) as [string, Resource][];
  });
  const ofType = (type: string) => resources.filter(([, resource]) => resource.Type === type);
  const ruleAction = () => ofType('AWS::SES::ReceiptRule')[0]![1].Properties.Rule.Actions[0].S3Action;
  const worker = async () => (await import('#functions/email-receiver/handler')).handler;

  it('writes mail for the receiving domain, scanned and over TLS, to the incoming bucket and tells the queue, raw', () => {
    const [[, rule]] = ofType('AWS::SES::ReceiptRule') as [[string, Resource]];
    expect(rule.Properties.Rule).toMatchObject({ Recipients: [DOMAIN], ScanEnabled: true, TlsPolicy: 'Require' });
    // The deploy guide activates the rule set the stack outputs.
    const [[ruleSetId]] = ofType('AWS::SES::ReceiptRuleSet') as [[string, Resource]];
    expect(rule.Properties.RuleSetName).toEqual({ Ref: ruleSetId });
    expect(template.Outputs?.InboundEmailRuleSet?.Value).toEqual({ Ref: ruleSetId });
    const [bucketId, bucket] = ofType('AWS::S3::Bucket').find(([id]) => id.startsWith('IncomingBucket'))!;
    expect(ruleAction().BucketName).toEqual({ Ref: bucketId });
    // SES's copy expires; what the worker keeps sits under the organization, outside the prefix.
    const expiring = bucket.Properties.LifecycleConfiguration.Rules.map((each: { Prefix: string }) => each.Prefix);
    expect(expiring).toEqual([ruleAction().ObjectKeyPrefix]);
    expect(incomingEmailKey(a.id, 'f'.repeat(64)).startsWith(ruleAction().ObjectKeyPrefix)).toBe(false);
    const [[, subscription]] = ofType('AWS::SNS::Subscription') as [[string, Resource]];
    expect(subscription.Properties).toMatchObject({ Protocol: 'sqs', RawMessageDelivery: true });
    expect(subscription.Properties.TopicArn).toEqual(ruleAction().TopicArn);
    const [queueId] = subscription.Properties.Endpoint['Fn::GetAtt'];
    const [, mapping] = ofType('AWS::Lambda::EventSourceMapping').find(
      ([, candidate]) => candidate.Properties.EventSourceArn['Fn::GetAtt'][0] === queueId,
    )!;
    const fn = template.Resources[mapping.Properties.FunctionName.Ref]!;
    expect((fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables).toMatchObject({
      INBOUND_EMAIL_DOMAIN: DOMAIN,
      INCOMING_BUCKET: { Ref: bucketId },
    });
  });

  it('takes in what the notification points at, once however often it comes, and opens no message SES found a virus in', async () => {
    const sesId = randomBytes(20).toString('hex');
    const objectKey = `${ruleAction().ObjectKeyPrefix}${sesId}`;
    const to = [inboundAddressOf(c.id, DOMAIN)];
    await store.put(objectKey, await compose(to, []), 'message/rfc822');
    const handler = await worker();
    const notification = sesNotification(sesId, to, objectKey);
    for (let delivery = 0; delivery < 2; delivery++)
      expect(await handler(sqsEventOf([notification]))).toEqual({ batchItemFailures: [] });
    const listed = await call('list-incoming-invoices', { token: c.apiKey });
    expect(listed.json.results.map((invoice: { source: { channel: string } }) => invoice.source.channel)).toEqual([
      'email',
    ]);
    expect(await outboxEvents(c.id, 'incoming_invoice.received')).toHaveLength(1);

    const infected = randomBytes(20).toString('hex');
    const infectedKey = `${ruleAction().ObjectKeyPrefix}${infected}`;
    await store.put(infectedKey, await compose(to, []), 'message/rfc822');
    expect(await handler(sqsEventOf([sesNotification(infected, to, infectedKey, 'FAIL')]))).toEqual({
      batchItemFailures: [],
    });
    // SES's test notification when the topic is set, and an object not (yet) there: done, and back later.
    const setup = { notificationType: 'AMAZON_SES_SETUP_NOTIFICATION', receipt: {} };
    expect(await handler(sqsEventOf([setup]))).toEqual({ batchItemFailures: [] });
    const missing = sqsEventOf([sesNotification('absent', to, `${ruleAction().ObjectKeyPrefix}absent`)]);
    expect(await handler(missing)).toEqual({ batchItemFailures: [{ itemIdentifier: missing.Records[0]!.messageId }] });
    expect((await call('list-incoming-invoices', { token: c.apiKey })).json.results).toHaveLength(1);
    // Opened, the infected message's invoice would have been announced as a duplicate of the first.
    expect(await outboxEvents(c.id, 'incoming_invoice.duplicate')).toHaveLength(0);
  });
});
