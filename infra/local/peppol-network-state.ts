// What the local Peppol network's parts share (infra/local/peppol-network.ts): its participants, what
// it received, the faults set for the next submissions, the OpenPeppol rules every document is held
// to, and the small HTTP helpers of its stand-ins.
import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PeppolDocumentType } from '#shared/domain/peppol';
import { validateEInvoices } from '#shared/e-invoice-rules/validator';

export type NetworkParticipant = {
  /** `scheme:identifier`. */
  id: string;
  organization_id: string | null;
  name: string;
  document_types: PeppolDocumentType[];
};

export type Received = {
  received_at: string;
  access_point: 'storecove' | 'phoss-ap';
  sender: string | null;
  receiver: string | null;
  idempotency_key: string | null;
  outcome: 'accepted' | 'duplicate' | 'refused' | 'fault';
  rules: string[];
  sha256: string;
  document_base64: string;
};

/** A document the network delivered to one of the deployment's participants, through the access point it receives at. */
export type Delivered = {
  message_id: string;
  access_point: 'storecove' | 'phoss-ap';
  sender: string | null;
  receiver: string;
  sha256: string;
  delivered_at: string;
  /** phoss-ap: whether the forwarding POST was answered 2xx (null while it is being tried). */
  forwarded: boolean | null;
  /** phoss-ap: the C4 country the service reported once it took the document in. */
  c4_country: string | null;
};

/** What an access point stand-in does with a document for one of the deployment's participants. */
export type Deliver = (entry: Delivered, document: Buffer) => void;

export type FaultKind = 'timeout' | '5xx' | 'refusal';
export const FAULT_KINDS: readonly FaultKind[] = ['timeout', '5xx', 'refusal'];

export type NetworkOptions = {
  port?: number;
  participants: NetworkParticipant[];
  /** Storecove's API key and phoss-ap's token, as the service is configured with them. */
  storecoveApiKey: string;
  phossApToken: string;
  /** The Storecove legal entity ids the service sends as (the sender is the document's seller). */
  legalEntities: number[];
  /** How long after a submission its delivery is reported. */
  reportDelayMs?: number;
  /** How long a `timeout` fault keeps a request waiting before it closes it unanswered. */
  hangMs?: number;
  /** Rung (a POST) when Storecove has a report queued: the service's status route. */
  doorbellUrl?: string;
  /** The access point the deployment's participants receive at (default Storecove, as it sends). */
  receivesAt?: 'storecove' | 'phoss-ap';
  /** phoss-ap's `forwarding.http.endpoint`: the service's inbound route. */
  forwardingUrl?: string;
};

export type Attempt = Pick<Received, 'access_point' | 'sender' | 'receiver' | 'idempotency_key'>;

const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

export async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_DOCUMENT_BYTES) throw new Error('too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export const send = (res: ServerResponse, status: number, body?: unknown, type = 'application/json') => {
  if (body === undefined) return void res.writeHead(status).end();
  res
    .writeHead(status, { 'content-type': type })
    .end(typeof body === 'string' && type !== 'application/json' ? body : JSON.stringify(body));
};

export const documentTypeOf = (xml: string): PeppolDocumentType | undefined =>
  /<(?:\w+:)?CreditNote[\s>]/.test(xml.slice(0, 2000))
    ? 'credit_note'
    : /<(?:\w+:)?Invoice[\s>]/.test(xml.slice(0, 2000))
      ? 'invoice'
      : undefined;

/** The OpenPeppol rules' verdict on a document: the ids of what fired, none when it passes. */
export async function firedRules(xml: string): Promise<string[]> {
  const { results } = await validateEInvoices(new Map([['document.xml', xml]]), { peppol: true });
  const [result] = results;
  if (!result) return ['unreadable'];
  return [...result.errors.map(() => 'schema'), ...result.fatal.map((finding) => finding.id)];
}

export type NetworkState = ReturnType<typeof networkState>;

export function networkState(options: NetworkOptions) {
  const received: Received[] = [];
  const delivered: Delivered[] = [];
  const receivers: Partial<Record<'storecove' | 'phoss-ap', Deliver>> = {};
  const faults: { kind: FaultKind; count: number }[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const after = (ms: number, work: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      work();
    }, ms);
    timers.add(timer);
  };
  const record = (entry: Omit<Received, 'received_at' | 'sha256' | 'document_base64'>, bytes: Buffer) =>
    received.push({
      received_at: new Date().toISOString(),
      ...entry,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      document_base64: bytes.toString('base64'),
    });
  const participant = (id: string | null) =>
    options.participants.find((entry) => entry.id.toLowerCase() === id?.toLowerCase());
  return {
    options,
    participants: options.participants,
    received,
    delivered,
    /** Each stand-in names how it hands a received document to the service. */
    receivesWith: (accessPoint: 'storecove' | 'phoss-ap', deliver: Deliver) => {
      receivers[accessPoint] = deliver;
    },
    /**
     * A document for `receiver`, delivered when the receiver is one of the deployment's organizations
     * (through the access point they receive at); undefined for anyone else.
     */
    deliver(document: Buffer, sender: string | null, receiver: string | null): Delivered | undefined {
      const found = participant(receiver);
      if (!found?.organization_id) return undefined;
      const accessPoint = options.receivesAt ?? 'storecove';
      const entry: Delivered = {
        message_id: randomUUID(),
        access_point: accessPoint,
        sender,
        receiver: found.id,
        sha256: createHash('sha256').update(document).digest('hex'),
        delivered_at: new Date().toISOString(),
        forwarded: null,
        c4_country: null,
      };
      delivered.push(entry);
      receivers[accessPoint]?.(entry, document);
      return entry;
    },
    faults,
    timers,
    record,
    participant,
    /** Runs `work` when a submission's report is due. */
    later: (work: () => void) => after(options.reportDelayMs ?? 300, work),
    /** The fault set for this submission, if any, counted off. */
    takeFault: (): FaultKind | undefined => {
      const next = faults[0];
      if (!next) return undefined;
      next.count -= 1;
      if (next.count <= 0) faults.shift();
      return next.kind;
    },
    /** Answers as the fault says: a 503, the access point's own refusal, or no answer until the connection closes. */
    faulted(res: ServerResponse, kind: FaultKind, attempt: Attempt, bytes: Buffer, refusal: unknown) {
      record({ ...attempt, outcome: kind === 'refusal' ? 'refused' : 'fault', rules: [] }, bytes);
      if (kind === '5xx') return send(res, 503, { message: 'Service Unavailable (a fault set on /faults)' });
      if (kind === 'refusal') return send(res, 422, refusal);
      after(options.hangMs ?? 30_000, () => res.destroy());
    },
  };
}
