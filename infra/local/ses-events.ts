// The laptop's SES configuration set: a pass-through in front of the SES emulator that, for every
// e-mail sent through a configuration set, publishes the events SES would publish to EventBridge —
// the same record shapes — with the outcomes of SES's mailbox simulator addresses (success@,
// bounce@, complaint@, suppressionlist@, ooto@simulator.amazonses.com). Any other address is delivered.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SES_DETAIL_TYPES, SES_EVENT_SOURCE, type SesEventType } from '#shared/email/ses-events';
import type { Stoppable } from '#infra/local/emulators';

/** The configuration set's name on a laptop and in the tests (EMAIL_CONFIGURATION_SET). */
export const LOCAL_CONFIGURATION_SET = 'invoicing-local';

const ACCOUNT = '000000000000';
const REGION = 'us-east-1';
const SIMULATOR_DOMAIN = 'simulator.amazonses.com';
/** How long after the send each later event follows: long enough for the sending to be recorded first. */
const DELIVERY_DELAY_MS = 400;

/** An SES event as EventBridge carries it: the envelope, and the event-publishing record in `detail`. */
export type SesBusEvent = {
  version: '0';
  id: string;
  'detail-type': string;
  source: string;
  account: string;
  time: string;
  region: string;
  resources: string[];
  detail: Record<string, unknown> & { eventType: SesEventType; mail: Record<string, unknown> };
};

/** Headers of one connection, not of the request: fetch sets its own. */
const HOP_BY_HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'expect']);

const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

export async function startSesEventSource({
  port,
  emulator,
  publish,
}: {
  port: number;
  /** The SES emulator's endpoint: every request is passed on to it unchanged. */
  emulator: string;
  publish: (event: SesBusEvent) => Promise<void>;
}): Promise<Stoppable & { endpoint: string }> {
  const pending = new Set<NodeJS.Timeout>();
  const later = (ms: number, events: SesBusEvent[]) => {
    const timer = setTimeout(() => {
      pending.delete(timer);
      for (const event of events)
        publish(event).catch((error) =>
          console.error('local SES events:', error instanceof Error ? error.message : error),
        );
    }, ms);
    pending.add(timer);
  };
  const server = createServer((req, res) => {
    (async () => {
      const body = await readBody(req);
      const headers = Object.entries(req.headers).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && !HOP_BY_HOP.has(entry[0]),
      );
      const answer = await fetch(new URL(req.url ?? '/', emulator), {
        method: req.method,
        headers,
        ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { body }),
      });
      const content = Buffer.from(await answer.arrayBuffer());
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/plain' });
      res.end(content);
      if (req.method !== 'POST' || !answer.ok) return;
      const form = new URLSearchParams(body.toString('utf8'));
      const messageId = /<MessageId>([^<]+)<\/MessageId>/.exec(content.toString('utf8'))?.[1];
      if (form.get('Action') !== 'SendRawEmail' || !form.get('ConfigurationSetName') || !messageId) return;
      const { sent, outcomes } = sesEventsOf(form, messageId, new Date());
      later(0, [sent]);
      outcomes.forEach((events, step) => later(DELIVERY_DELAY_MS * (step + 1), events));
    })().catch((error) => {
      console.error('local SES:', error instanceof Error ? error.message : error);
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise((resolve) => {
        for (const timer of pending) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `name: value` header lines of the raw message, folded lines joined. */
function headersOf(raw: string): { name: string; value: string }[] {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  return head
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/)
    .map((line) => /^([^:\s]+):\s*(.*)$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ name: match[1]!, value: match[2]! }));
}

/** `Name.member.1`, `Name.member.2`, … of a query-protocol form. */
const members = (form: URLSearchParams, name: string) => {
  const values: string[] = [];
  for (let index = 1; form.has(`${name}.member.${index}`); index++) values.push(form.get(`${name}.member.${index}`)!);
  return values;
};

function mailOf(form: URLSearchParams, messageId: string, now: Date) {
  const raw = Buffer.from(form.get('RawMessage.Data') ?? '', 'base64').toString('utf8');
  const headers = headersOf(raw);
  const header = (name: string) => headers.find((entry) => entry.name.toLowerCase() === name.toLowerCase())?.value;
  const source = form.get('Source') ?? header('From') ?? '';
  const fromAddress = /<([^>]+)>/.exec(source)?.[1] ?? source;
  const fromDomain = fromAddress.split('@')[1] ?? '';
  const destination = members(form, 'Destinations');
  const tags: Record<string, string[]> = {
    'ses:configuration-set': [form.get('ConfigurationSetName')!],
    'ses:source-ip': ['127.0.0.1'],
    'ses:from-domain': [fromDomain],
    'ses:caller-identity': ['local'],
  };
  for (let index = 1; form.has(`Tags.member.${index}.Name`); index++)
    tags[form.get(`Tags.member.${index}.Name`)!] = [form.get(`Tags.member.${index}.Value`) ?? ''];
  return {
    timestamp: now.toISOString(),
    source,
    sourceArn: `arn:aws:ses:${REGION}:${ACCOUNT}:identity/${fromDomain}`,
    sendingAccountId: ACCOUNT,
    messageId,
    destination,
    headersTruncated: false,
    headers,
    commonHeaders: {
      from: [header('From') ?? source],
      to: (header('To') ?? destination.join(', ')).split(/,\s*/),
      ...(header('Date') ? { date: header('Date') } : {}),
      messageId,
      subject: header('Subject') ?? '',
    },
    tags,
  };
}

/** The simulator's mailbox a recipient names (labels after `+` ignored), or undefined for any other address. */
const simulatorBox = (recipient: string) => {
  const [local = '', domain = ''] = recipient.toLowerCase().split('@');
  return domain === SIMULATOR_DOMAIN ? local.split('+')[0] : undefined;
};

/** The Send event at once, then each recipient's outcome, in the order SES reports them. */
export function sesEventsOf(form: URLSearchParams, messageId: string, now: Date) {
  const mail = mailOf(form, messageId, now);
  const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
  const event = (eventType: SesEventType, more: Record<string, unknown> = {}): SesBusEvent => ({
    version: '0',
    id: randomUUID(),
    'detail-type': SES_DETAIL_TYPES[eventType],
    source: SES_EVENT_SOURCE,
    account: ACCOUNT,
    time: `${now.toISOString().slice(0, 19)}Z`,
    region: REGION,
    resources: [`arn:aws:ses:${REGION}:${ACCOUNT}:configuration-set/${form.get('ConfigurationSetName')}`],
    detail: { eventType, mail, ...more },
  });
  const delivered = (recipient: string) =>
    event('Delivery', {
      delivery: {
        timestamp: at(DELIVERY_DELAY_MS),
        processingTimeMillis: DELIVERY_DELAY_MS,
        recipients: [recipient],
        smtpResponse: '250 2.6.0 Message received',
        reportingMTA: 'local.smtp-out.amazonses.com',
      },
    });
  const bounced = (recipient: string, subType: 'General' | 'Suppressed', diagnosticCode: string) =>
    event('Bounce', {
      bounce: {
        bounceType: 'Permanent',
        bounceSubType: subType,
        bouncedRecipients: [{ emailAddress: recipient, action: 'failed', status: '5.1.1', diagnosticCode }],
        timestamp: at(DELIVERY_DELAY_MS),
        feedbackId: randomUUID(),
        reportingMTA: 'dsn; local.smtp-out.amazonses.com',
      },
    });
  const complained = (recipient: string) =>
    event('Complaint', {
      complaint: {
        complainedRecipients: [{ emailAddress: recipient }],
        timestamp: at(2 * DELIVERY_DELAY_MS),
        feedbackId: randomUUID(),
        complaintSubType: null,
        userAgent: 'local mailbox simulator',
        complaintFeedbackType: 'abuse',
        arrivalDate: at(2 * DELIVERY_DELAY_MS),
      },
    });
  const first: SesBusEvent[] = [];
  const second: SesBusEvent[] = [];
  for (const recipient of mail.destination) {
    const box = simulatorBox(recipient);
    if (box === 'bounce') first.push(bounced(recipient, 'General', 'smtp; 550 5.1.1 user unknown'));
    else if (box === 'suppressionlist')
      first.push(bounced(recipient, 'Suppressed', 'the address is on the suppression list'));
    else first.push(delivered(recipient));
    if (box === 'complaint') second.push(complained(recipient));
  }
  return { sent: event('Send', { send: {} }), outcomes: [first, second].filter((events) => events.length > 0) };
}
