// The laptop's stand-in for SES receiving (infra/constructs/inbound-email.ts): an SMTP listener on
// 127.0.0.1 that does what the stack's receipt rule does. It takes mail for the receiving domain only
// (550 for any other recipient, as SES refuses one no rule names), writes each message to the incoming
// bucket under `email/<message id>` (the S3 action), and puts SES's "Received" notification on the
// incoming-email queue as SNS's raw delivery hands it on: the same worker reads the same two things.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { SMTPServer, type SMTPServerAddress, type SMTPServerSession } from 'smtp-server';
import { SES_EMAIL_PREFIX } from '#shared/aws/incoming-store';
import { MAX_EMAIL_BYTES } from '#shared/inbox/receive-email';
import { LOCAL_CREDENTIALS, type Stoppable } from '#infra/local/emulators';

export type InboundSmtpOptions = {
  port: number;
  domain: string;
  /** The local object store (infra/local/object-store.ts) and the incoming bucket in it. */
  objectStore: string;
  bucket: string;
  sqs: SQSClient;
  queueUrl: string;
};

/** SES's message ids: 20 random bytes as lower-case base 32 (what the S3 action names the object). */
const sesMessageId = () => [...randomBytes(20)].map((byte) => 'abcdefghijklmnopqrstuvwxyz234567'[byte % 32]).join('');

const smtpError = (message: string, responseCode: number) => Object.assign(new Error(message), { responseCode });

/** SES's notification of a message its S3 action wrote (the fields the documentation lists for it). */
function receivedNotification(messageId: string, session: SMTPServerSession, options: InboundSmtpOptions) {
  const recipients = session.envelope.rcptTo.map((recipient) => recipient.address);
  const source = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
  const timestamp = new Date().toISOString();
  const pass = { status: 'PASS' };
  return {
    notificationType: 'Received',
    mail: { timestamp, source, messageId, destination: recipients, headersTruncated: false },
    receipt: {
      timestamp,
      processingTimeMillis: 1,
      recipients,
      spamVerdict: pass,
      virusVerdict: pass,
      spfVerdict: pass,
      dkimVerdict: pass,
      dmarcVerdict: pass,
      action: {
        type: 'S3',
        topicArn: 'arn:aws:sns:us-east-1:000000000000:invoicing-local-received-email',
        bucketName: options.bucket,
        objectKeyPrefix: SES_EMAIL_PREFIX,
        objectKey: `${SES_EMAIL_PREFIX}${messageId}`,
      },
    },
  };
}

export async function startInboundSmtp(options: InboundSmtpOptions): Promise<Stoppable & { port: number }> {
  const s3 = new S3Client({
    endpoint: options.objectStore,
    forcePathStyle: true,
    region: LOCAL_CREDENTIALS.AWS_REGION,
    credentials: {
      accessKeyId: LOCAL_CREDENTIALS.AWS_ACCESS_KEY_ID,
      secretAccessKey: LOCAL_CREDENTIALS.AWS_SECRET_ACCESS_KEY,
    },
  });
  const deliver = async (raw: Buffer, session: SMTPServerSession) => {
    const messageId = sesMessageId();
    await s3.send(new PutObjectCommand({ Bucket: options.bucket, Key: `${SES_EMAIL_PREFIX}${messageId}`, Body: raw }));
    const body = JSON.stringify(receivedNotification(messageId, session, options));
    await options.sqs.send(new SendMessageCommand({ QueueUrl: options.queueUrl, MessageBody: body }));
  };
  const server = new SMTPServer({
    name: 'inbound-smtp.localhost',
    banner: 'the invoicing service (local e-mail receiving)',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_EMAIL_BYTES,
    logger: false,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      const domain = address.address.slice(address.address.lastIndexOf('@') + 1).toLowerCase();
      if (domain !== options.domain) return callback(smtpError(`${address.address}: no such mailbox here`, 550));
      callback();
    },
    onData(stream, session, callback) {
      // smtp-server reads an oversize message to its end to answer 552: what is past the limit is not kept.
      const chunks: Buffer[] = [];
      let bytes = 0;
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes <= MAX_EMAIL_BYTES) chunks.push(chunk);
      });
      stream.on('end', () => {
        if ((stream as { sizeExceeded?: boolean }).sizeExceeded)
          return callback(smtpError('the message is larger than the receiving limit', 552));
        deliver(Buffer.concat(chunks), session).then(
          () => callback(),
          (error: Error) => callback(smtpError(`could not keep the message: ${error.message}`, 451)),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.server.address() as AddressInfo).port,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
