// SES's SendRawEmail for this process: the Query API (a signed form POST answered in XML), signed with
// the SDK's SigV4 signer and credential chain, which every function bundles already with its DynamoDB
// client. The SDK's SES client and its query protocol would add about 37 KB to every route that mails
// (docs/performance.md); test/unit/ses-sender.test.ts holds the form to the one the SDK sends. The
// endpoint comes from the environment (AWS_ENDPOINT_URL_SES locally).
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { Hash } from '@smithy/core/serde';
import { SignatureV4 } from '@smithy/signature-v4';

export type RawEmail = {
  raw: Uint8Array;
  source: string;
  destinations: string[];
  configurationSet?: string;
  tags?: { Name: string; Value: string }[];
};

/** What SES answered instead of a message id; `code` is its error code (MessageRejected, Throttling…). */
export class SesRefusedError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`SES answered ${status} ${code}: ${message}`);
  }
}

/** Throttles and SES's own faults are tried again, up to this many attempts in all, as the SDK's standard retry does. */
const ATTEMPTS = 3;
const retryable = (status: number, code: string) => status >= 500 || code === 'Throttling';
const xmlText = (xml: string, tag: string) =>
  new RegExp(`<${tag}>([^<]*)</${tag}>`)
    .exec(xml)?.[1]
    ?.replace(
      /&(lt|gt|quot|apos|amp);/g,
      (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name]!,
    );

/** The Query API's form: lists as `Name.member.n`, members of a structure as `Name.member.n.Field`. */
export function sendRawEmailForm({ raw, source, destinations, configurationSet, tags }: RawEmail): URLSearchParams {
  const form = new URLSearchParams({ Action: 'SendRawEmail', Version: '2010-12-01', Source: source });
  destinations.forEach((destination, index) => form.append(`Destinations.member.${index + 1}`, destination));
  form.append('RawMessage.Data', Buffer.from(raw).toString('base64'));
  if (configurationSet) form.append('ConfigurationSetName', configurationSet);
  (tags ?? []).forEach(({ Name, Value }, index) => {
    form.append(`Tags.member.${index + 1}.Name`, Name);
    form.append(`Tags.member.${index + 1}.Value`, Value);
  });
  return form;
}

export class SesSender {
  private readonly endpoint: URL;
  private readonly signer: SignatureV4;

  constructor(
    env: NodeJS.ProcessEnv,
    credentials: ConstructorParameters<typeof SignatureV4>[0]['credentials'] = defaultProvider(),
    private readonly pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {
    const region = env.AWS_REGION ?? env.AWS_DEFAULT_REGION ?? 'us-east-1';
    this.endpoint = new URL(
      env.AWS_ENDPOINT_URL_SES ?? env.AWS_ENDPOINT_URL ?? `https://email.${region}.amazonaws.com`,
    );
    this.signer = new SignatureV4({ service: 'ses', region, credentials, sha256: Hash.bind(null, 'sha256') });
  }

  /** Hands the message to SES; answers its message id. */
  async sendRawEmail(email: RawEmail): Promise<string> {
    const body = sendRawEmailForm(email).toString();
    const { protocol, hostname, port, host, pathname } = this.endpoint;
    for (let attempt = 1; ; attempt++) {
      const signed = await this.signer.sign({
        method: 'POST',
        protocol,
        hostname,
        port: port ? Number(port) : undefined,
        path: pathname,
        query: {},
        headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
      const response = await fetch(this.endpoint, { method: 'POST', headers: signed.headers, body });
      const xml = await response.text();
      const messageId = response.ok ? xmlText(xml, 'MessageId') : undefined;
      if (messageId) return messageId;
      const code = xmlText(xml, 'Code') ?? 'Unknown';
      if (retryable(response.status, code) && attempt < ATTEMPTS) {
        await this.pause(50 * 2 ** attempt * Math.random());
        continue;
      }
      throw new SesRefusedError(response.status, code, xmlText(xml, 'Message') ?? xml.slice(0, 200));
    }
  }
}

let sender: SesSender | undefined;

/** This process's SES sender, configured by the environment. */
export const sesSender = (): SesSender => (sender ??= new SesSender(process.env));
