// SES e-mail sending events as a configuration set publishes them to EventBridge, in the record
// shapes of the SES Developer Guide ("Contents of event data that Amazon SES publishes", and the
// EventBridge event reference for `detail-type`): every documented field, with values of our own.
import { randomUUID } from 'node:crypto';
import type { SQSEvent } from 'aws-lambda';

export type Tags = Record<string, string[]>;

export const sesMail = (messageId: string, destination: string[], tags: Tags) => ({
  timestamp: '2026-11-26T09:15:00.100Z',
  source: 'Acme Billing <billing@acme.example>',
  sourceArn: 'arn:aws:ses:eu-central-1:123456789012:identity/acme.example',
  sendingAccountId: '123456789012',
  messageId,
  destination,
  headersTruncated: false,
  headers: [
    { name: 'From', value: 'Acme Billing <billing@acme.example>' },
    { name: 'To', value: destination.join(', ') },
    { name: 'Subject', value: 'Invoice INV-0001' },
    { name: 'MIME-Version', value: '1.0' },
    { name: 'Content-Type', value: 'multipart/mixed; boundary="b1"' },
  ],
  commonHeaders: {
    from: ['Acme Billing <billing@acme.example>'],
    to: destination,
    messageId,
    subject: 'Invoice INV-0001',
  },
  tags: {
    'ses:configuration-set': ['invoicing-email'],
    'ses:source-ip': ['192.0.2.10'],
    'ses:from-domain': ['acme.example'],
    'ses:caller-identity': ['invoicing-send-invoice'],
    ...tags,
  },
});

type Mail = ReturnType<typeof sesMail>;

const DETAIL_TYPES = {
  Send: 'Email Sent',
  Delivery: 'Email Delivered',
  Bounce: 'Email Bounced',
  Complaint: 'Email Complaint Received',
  Reject: 'Email Rejected',
  DeliveryDelay: 'Email Delivery Delayed',
} as const;

/** The EventBridge envelope around an event-publishing record. */
export const onBus = (detail: { eventType: keyof typeof DETAIL_TYPES; mail: Mail }) => ({
  version: '0',
  id: randomUUID(),
  'detail-type': DETAIL_TYPES[detail.eventType],
  source: 'aws.ses',
  account: '123456789012',
  time: '2026-11-26T09:15:02Z',
  region: 'eu-central-1',
  resources: ['arn:aws:ses:eu-central-1:123456789012:configuration-set/invoicing-email'],
  detail,
});

export const sendRecord = (mail: Mail) => ({ eventType: 'Send' as const, mail, send: {} });

export const deliveryRecord = (mail: Mail, at = '2026-11-26T09:15:01.500Z') => ({
  eventType: 'Delivery' as const,
  mail,
  delivery: {
    timestamp: at,
    processingTimeMillis: 1400,
    recipients: mail.destination,
    smtpResponse: '250 2.6.0 Message received',
    reportingMTA: 'a8-70.smtp-out.amazonses.com',
  },
});

export const bounceRecord = (
  mail: Mail,
  bounceType: 'Permanent' | 'Transient' | 'Undetermined' = 'Permanent',
  bounceSubType = 'General',
) => ({
  eventType: 'Bounce' as const,
  mail,
  bounce: {
    bounceType,
    bounceSubType,
    bouncedRecipients: mail.destination.map((emailAddress) => ({
      emailAddress,
      action: 'failed',
      status: '5.1.1',
      diagnosticCode: 'smtp; 550 5.1.1 user unknown',
    })),
    timestamp: '2026-11-26T09:15:01.800Z',
    feedbackId: '0102017a-bounce-feedback-000000',
    reportingMTA: 'dsn; a8-70.smtp-out.amazonses.com',
  },
});

export const complaintRecord = (mail: Mail) => ({
  eventType: 'Complaint' as const,
  mail,
  complaint: {
    complainedRecipients: mail.destination.map((emailAddress) => ({ emailAddress })),
    timestamp: '2026-11-26T10:02:00.000Z',
    feedbackId: '0102017a-complaint-feedback-000000',
    complaintSubType: null,
    userAgent: 'ExampleMail/1.0',
    complaintFeedbackType: 'abuse',
    arrivalDate: '2026-11-26T10:01:58.000Z',
  },
});

export const rejectRecord = (mail: Mail) => ({ eventType: 'Reject' as const, mail, reject: { reason: 'Bad content' } });

export const delayRecord = (mail: Mail) => ({
  eventType: 'DeliveryDelay' as const,
  mail,
  deliveryDelay: {
    timestamp: '2026-11-26T09:20:00.000Z',
    delayType: 'TransientCommunicationFailure',
    expirationTime: '2026-11-27T09:15:00.000Z',
    delayedRecipients: mail.destination.map((emailAddress) => ({
      emailAddress,
      status: '4.4.1',
      diagnosticCode: 'smtp; 421 4.4.1 connection timed out',
    })),
    reportingMTA: 'a8-70.smtp-out.amazonses.com',
  },
});

/** An SQS event as Lambda hands the e-mail status worker the rule's messages. */
export const sqsEventOf = (bodies: unknown[], receiveCount = 1): SQSEvent => ({
  Records: bodies.map((body) => ({
    messageId: randomUUID(),
    receiptHandle: randomUUID(),
    body: JSON.stringify(body),
    attributes: {
      ApproximateReceiveCount: String(receiveCount),
      SentTimestamp: '1764148502000',
      SenderId: 'AIDAEXAMPLE',
      ApproximateFirstReceiveTimestamp: '1764148502100',
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: 'arn:aws:sqs:eu-central-1:123456789012:invoicing-email-status',
    awsRegion: 'eu-central-1',
  })),
});
