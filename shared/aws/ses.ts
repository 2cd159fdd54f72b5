// SES's SendRawEmail for this process: the Query API (a form POST answered in XML), signed and tried
// again as signed-post.ts does. The SDK's SES client and its query protocol would add about 37 KB to
// every route that mails (docs/performance.md); test/unit/ses-sender.test.ts holds the form to the
// one the SDK sends. The endpoint comes from the environment (AWS_ENDPOINT_URL_SES locally).
import { type Credentials, type Pause, type SignedPost, signedPost } from '#shared/aws/signed-post';

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

const SES = {
  signingName: 'ses',
  endpointVariable: 'AWS_ENDPOINT_URL_SES',
  host: (region: string) => `email.${region}.amazonaws.com`,
};
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const xmlText = (xml: string, tag: string) =>
  new RegExp(`<${tag}>([^<]*)</${tag}>`)
    .exec(xml)?.[1]
    ?.replace(
      /&(lt|gt|quot|apos|amp);/g,
      (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name]!,
    );
/** Throttles and SES's own faults are tried again. */
const retryable = ({ status, body }: { status: number; body: string }) =>
  status >= 500 || xmlText(body, 'Code') === 'Throttling';

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
  private readonly post: SignedPost;

  constructor(env: NodeJS.ProcessEnv, credentials?: Credentials, pause?: Pause) {
    this.post = signedPost(env, SES, credentials, pause);
  }

  /** Hands the message to SES; answers its message id. */
  async sendRawEmail(email: RawEmail): Promise<string> {
    const answer = await this.post('/', FORM, sendRawEmailForm(email).toString(), retryable);
    const messageId = answer.ok ? xmlText(answer.body, 'MessageId') : undefined;
    if (messageId) return messageId;
    const code = xmlText(answer.body, 'Code') ?? 'Unknown';
    throw new SesRefusedError(answer.status, code, xmlText(answer.body, 'Message') ?? answer.body.slice(0, 200));
  }
}

let sender: SesSender | undefined;

/** This process's SES sender, configured by the environment. */
export const sesSender = (): SesSender => (sender ??= new SesSender(process.env));
