// The laptop's and the tests' Peppol network (docs/peppol.md "The local network"): one HTTP server on
// 127.0.0.1 that answers as both access points the service can drive — Storecove's REST API v2 under
// /storecove/api/v2 and phoss-ap's under /phoss-ap/api — and as the SMP of every participant it
// registers (/smp). Each document it is handed is checked with the OpenPeppol rules, as a real access
// point would, and refused with the rule ids that fired; delivery reports follow a moment later.
// /received lists every submission attempt with its bytes; /faults makes the next ones fail.
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DOCUMENT_TYPE_IDS, PEPPOL_DOCUMENT_TYPES, type PeppolDocumentType } from '#shared/domain/peppol';
import { SCHEME_IDS } from '#shared/domain/peppol-scheme-ids';
import { validateEInvoices } from '#tools/e-invoice/validator';
import type { Stoppable } from '#infra/local/emulators';

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

export type FaultKind = 'timeout' | '5xx' | 'refusal';
const FAULT_KINDS: readonly FaultKind[] = ['timeout', '5xx', 'refusal'];

export type PeppolNetwork = Stoppable & {
  baseUrl: string;
  storecoveUrl: string;
  phossApUrl: string;
  smpUrl: string;
  receivedUrl: string;
  faultUrl: string;
  participants: NetworkParticipant[];
  received: Received[];
};

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
};

const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_DOCUMENT_BYTES) throw new Error('too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

const send = (res: ServerResponse, status: number, body?: unknown, type = 'application/json') => {
  if (body === undefined) return void res.writeHead(status).end();
  res
    .writeHead(status, { 'content-type': type })
    .end(typeof body === 'string' && type !== 'application/json' ? body : JSON.stringify(body));
};

/** Storecove's scheme names back to the four digits. */
const ICD_OF = Object.fromEntries(Object.entries(SCHEME_IDS).map(([icd, name]) => [name.toUpperCase(), icd]));

/** The seller's electronic address (BT-34), as the stand-in names a Storecove sender: the document says who sends it. */
function sellerOf(xml: string): string | null {
  const supplier =
    /<cac:AccountingSupplierParty>[\s\S]*?<cbc:EndpointID schemeID="(\d{4})">([^<]+)<\/cbc:EndpointID>/.exec(xml);
  return supplier ? `${supplier[1]}:${supplier[2]}` : null;
}

const documentTypeOf = (xml: string): PeppolDocumentType | undefined =>
  /<(?:\w+:)?CreditNote[\s>]/.test(xml.slice(0, 2000))
    ? 'credit_note'
    : /<(?:\w+:)?Invoice[\s>]/.test(xml.slice(0, 2000))
      ? 'invoice'
      : undefined;

export async function startPeppolNetwork(options: NetworkOptions): Promise<PeppolNetwork> {
  const { participants } = options;
  const received: Received[] = [];
  const faults: { kind: FaultKind; count: number }[] = [];
  const storecoveSubmissions = new Map<string, string>(); // idempotencyGuid → submission guid
  const webhookQueue: { guid: string; body: string }[] = [];
  const deliveredSubmissions = new Set<string>();
  const transactions = new Map<string, { status: string; mlsStatus: string; errorDetails: string | null }>();
  const timers = new Set<NodeJS.Timeout>();
  const later = (work: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      work();
    }, options.reportDelayMs ?? 300);
    timers.add(timer);
  };
  const participant = (id: string | null) => participants.find((entry) => entry.id === id);

  const takeFault = (): FaultKind | undefined => {
    const next = faults[0];
    if (!next) return undefined;
    next.count -= 1;
    if (next.count <= 0) faults.shift();
    return next.kind;
  };

  /** The OpenPeppol rules' verdict on a document: the ids of what fired, none when it passes. */
  const firedRules = async (xml: string): Promise<string[]> => {
    const { results } = await validateEInvoices(new Map([['document.xml', xml]]), { peppol: true });
    const [result] = results;
    if (!result) return ['unreadable'];
    return [...result.errors.map(() => 'schema'), ...result.fatal.map((finding) => finding.id)];
  };

  const record = (entry: Omit<Received, 'received_at' | 'sha256' | 'document_base64'>, bytes: Buffer) =>
    received.push({
      received_at: new Date().toISOString(),
      ...entry,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      document_base64: bytes.toString('base64'),
    });

  const ringDoorbell = () => {
    if (!options.doorbellUrl) return;
    fetch(options.doorbellUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).catch(
      () => undefined,
    );
  };

  async function storecove(req: IncomingMessage, res: ServerResponse, path: string) {
    if (req.headers.authorization !== `Bearer ${options.storecoveApiKey}`)
      return send(res, 401, { message: 'Unauthorized' });
    const body = req.method === 'POST' ? await bodyOf(req) : Buffer.alloc(0);
    const json = () => JSON.parse(body.toString('utf8') || '{}') as Record<string, any>;
    if (req.method === 'POST' && (path === '/discovery/receives' || path === '/discovery/exists')) {
      const asked = json();
      const icd = ICD_OF[String(asked.scheme ?? '').toUpperCase()] ?? String(asked.scheme ?? '');
      const found = participant(`${icd}:${asked.identifier}`);
      const wanted = ((asked.documentTypes as string[] | undefined) ?? ['invoice', 'creditnote']).map((type) =>
        type === 'creditnote' ? 'credit_note' : type,
      );
      const ok =
        !!found &&
        (path === '/discovery/exists' ||
          wanted.every((type) => found.document_types.includes(type as PeppolDocumentType)));
      return send(res, 200, { code: ok ? 'OK' : 'NOK', email: false });
    }
    if (req.method === 'POST' && path === '/document_submissions') {
      const asked = json();
      const key = typeof asked.idempotencyGuid === 'string' ? asked.idempotencyGuid : null;
      const eIdentifier = asked.routing?.eIdentifiers?.[0] as { scheme?: string; id?: string } | undefined;
      const receiver = eIdentifier
        ? `${ICD_OF[String(eIdentifier.scheme).toUpperCase()] ?? eIdentifier.scheme}:${eIdentifier.id}`
        : null;
      const bytes = Buffer.from(String(asked.document?.rawDocumentData?.document ?? ''), 'base64');
      const known = options.legalEntities.includes(Number(asked.legalEntityId));
      const sender = known ? sellerOf(bytes.toString('utf8')) : null;
      const entry = { access_point: 'storecove' as const, sender, receiver, idempotency_key: key };
      const fault = takeFault();
      if (fault)
        return faulted(res, fault, entry, bytes, [
          { source: 'document', details: 'refused by the network (a fault set on /faults)' },
        ]);
      if (key && storecoveSubmissions.has(key)) {
        record({ ...entry, outcome: 'duplicate', rules: [] }, bytes);
        return send(res, 422, [
          { source: 'idempotencyGuid', details: `a document with idempotencyGuid ${key} was submitted before` },
        ]);
      }
      const refusals: { source: string; details: string }[] = [];
      if (!known) refusals.push({ source: 'legalEntityId', details: 'no such legal entity' });
      if (!key || key.length !== 36) refusals.push({ source: 'idempotencyGuid', details: 'must be 36 characters' });
      const found = participant(receiver);
      const type = documentTypeOf(bytes.toString('utf8'));
      if (!found || !type || !found.document_types.includes(type))
        refusals.push({
          source: 'routing',
          details: `${receiver} is not a Peppol participant receiving this document`,
        });
      const rules = refusals.length ? [] : await firedRules(bytes.toString('utf8'));
      if (rules.length) refusals.push({ source: 'document', details: `the document fails ${rules.join(', ')}` });
      if (refusals.length) {
        record({ ...entry, outcome: 'refused', rules }, bytes);
        return send(res, 422, refusals);
      }
      const guid = randomUUID();
      storecoveSubmissions.set(key!, guid);
      record({ ...entry, outcome: 'accepted', rules: [] }, bytes);
      later(() => {
        deliveredSubmissions.add(guid);
        webhookQueue.push({
          guid: randomUUID(),
          body: JSON.stringify({ guid, event_type: 'document_submission', event: 'succeeded' }),
        });
        ringDoorbell();
      });
      return send(res, 200, { guid });
    }
    if (req.method === 'GET' && path === '/webhook_instances/') {
      const next = webhookQueue[0];
      return next ? send(res, 200, next) : send(res, 204);
    }
    const removal = /^\/webhook_instances\/([^/]+)$/.exec(path);
    if (req.method === 'DELETE' && removal) {
      const at = webhookQueue.findIndex((instance) => instance.guid === decodeURIComponent(removal[1]!));
      if (at < 0) return send(res, 404);
      webhookQueue.splice(at, 1);
      return send(res, 204);
    }
    const evidence = /^\/document_submissions\/([^/]+)\/evidence\/sending$/.exec(path);
    if (req.method === 'GET' && evidence) {
      const guid = decodeURIComponent(evidence[1]!);
      if (!deliveredSubmissions.has(guid)) return send(res, 404);
      return send(res, 200, { network: 'peppol', evidence: { transmission_id: guid } });
    }
    return send(res, 404, { message: 'Not found' });
  }

  async function phossAp(req: IncomingMessage, res: ServerResponse, path: string) {
    if (req.headers['x-token'] !== options.phossApToken)
      return send(res, 401, { error: 'Invalid or missing API token' });
    const status = /^\/outbound\/status\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && status) {
      const id = decodeURIComponent(status[1]!);
      const transaction = transactions.get(id);
      return transaction ? send(res, 200, { sbdhInstanceID: id, ...transaction }) : send(res, 404);
    }
    const submit = /^\/outbound\/submit\/([^/]+)\/([^/]+)\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(path);
    if (req.method === 'POST' && submit) {
      const [sender, receiver, docType] = submit.slice(1, 4).map((part) => decodeURIComponent(part!));
      const id = new URL(req.url!, 'http://network').searchParams.get('sbdhInstanceID') ?? randomUUID();
      const bytes = await bodyOf(req);
      const bare = (uri: string | undefined) => uri?.replace(/^iso6523-actorid-upis::/, '') ?? null;
      const entry = {
        access_point: 'phoss-ap' as const,
        sender: bare(sender),
        receiver: bare(receiver),
        idempotency_key: id,
      };
      const fault = takeFault();
      if (fault)
        return faulted(
          res,
          fault,
          entry,
          bytes,
          'Failed to submit outbound transaction: refused by the network (a fault set on /faults)',
        );
      // As phoss-ap does, a repeated instance id is a second transaction, sent again.
      const duplicate = transactions.has(id);
      const found = participant(entry.receiver);
      const type = PEPPOL_DOCUMENT_TYPES.find((candidate) => DOCUMENT_TYPE_IDS[candidate] === docType);
      if (!found || !type || !found.document_types.includes(type)) {
        transactions.set(id, {
          status: 'permanently_failed',
          mlsStatus: 'not_applicable',
          errorDetails: `${entry.receiver} is not registered for ${docType}`,
        });
        record({ ...entry, outcome: 'refused', rules: [] }, bytes);
        return send(res, 422, { overallSuccess: false, lookupError: `No SMP entry of ${receiver} for ${docType}` });
      }
      const rules = await firedRules(bytes.toString('utf8'));
      if (rules.length) {
        record({ ...entry, outcome: 'refused', rules }, bytes);
        return send(res, 422, `Failed to submit outbound transaction: the document fails ${rules.join(', ')}`);
      }
      transactions.set(id, { status: 'sent', mlsStatus: 'pending', errorDetails: null });
      record({ ...entry, outcome: duplicate ? 'duplicate' : 'accepted', rules: [] }, bytes);
      later(() => {
        const transaction = transactions.get(id);
        if (transaction) transaction.mlsStatus = 'received_ap';
      });
      return send(res, 200, {
        sbdhInstanceIdentifier: id,
        sendingResult: 'SUCCESS',
        sendingSuccess: true,
        overallSuccess: true,
      });
    }
    return send(res, 404);
  }

  function faulted(
    res: ServerResponse,
    kind: FaultKind,
    entry: Pick<Received, 'access_point' | 'sender' | 'receiver' | 'idempotency_key'>,
    bytes: Buffer,
    refusal: unknown,
  ) {
    record({ ...entry, outcome: kind === 'refusal' ? 'refused' : 'fault', rules: [] }, bytes);
    if (kind === '5xx') return send(res, 503, { message: 'Service Unavailable (a fault set on /faults)' });
    if (kind === 'refusal') return send(res, 422, refusal);
    const timer = setTimeout(() => {
      timers.delete(timer);
      res.destroy();
    }, options.hangMs ?? 30_000);
    timers.add(timer);
  }

  function smp(res: ServerResponse, path: string) {
    const uri = decodeURIComponent(path.slice(1));
    const found = participant(uri.replace(/^iso6523-actorid-upis::/, ''));
    if (!found) return send(res, 404);
    const references = found.document_types
      .map(
        (type) =>
          `<ServiceMetadataReference href="${smpBase()}/${encodeURIComponent(uri)}/services/${encodeURIComponent(DOCUMENT_TYPE_IDS[type])}"/>`,
      )
      .join('');
    send(
      res,
      200,
      `<?xml version="1.0" encoding="UTF-8"?><ServiceGroup xmlns="http://busdox.org/serviceMetadata/publishing/1.0/" xmlns:ids="http://busdox.org/transport/identifiers/1.0/"><ids:ParticipantIdentifier scheme="iso6523-actorid-upis">${found.id}</ids:ParticipantIdentifier><ServiceMetadataReferenceCollection>${references}</ServiceMetadataReferenceCollection></ServiceGroup>`,
      'application/xml',
    );
  }

  async function control(req: IncomingMessage, res: ServerResponse, path: string) {
    if (path === '/received' && req.method === 'GET') return send(res, 200, { results: received });
    if (path === '/participants' && req.method === 'GET') return send(res, 200, { results: participants });
    if (path === '/faults') {
      if (req.method === 'GET') return send(res, 200, { pending: faults });
      if (req.method === 'DELETE') {
        faults.length = 0;
        return send(res, 204);
      }
      if (req.method === 'POST') {
        const asked = JSON.parse((await bodyOf(req)).toString('utf8') || '{}') as { kind?: FaultKind; count?: number };
        const count = asked.count ?? 1;
        if (!FAULT_KINDS.includes(asked.kind as FaultKind) || !Number.isInteger(count) || count < 1 || count > 100)
          return send(res, 400, {
            error: `kind must be one of ${FAULT_KINDS.join(', ')} and count a whole number from 1 to 100`,
          });
        faults.push({ kind: asked.kind!, count });
        return send(res, 201, { pending: faults });
      }
    }
    return send(res, 404);
  }

  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://network').pathname;
    const route = path.startsWith('/storecove/api/v2/')
      ? storecove(req, res, path.slice('/storecove/api/v2'.length))
      : path.startsWith('/phoss-ap/api/')
        ? phossAp(req, res, path.slice('/phoss-ap/api'.length))
        : path.startsWith('/smp/')
          ? Promise.resolve(smp(res, path.slice('/smp'.length)))
          : control(req, res, path);
    route.catch((error: unknown) => {
      if (!res.headersSent) send(res, 400, { error: String(error instanceof Error ? error.message : error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const smpBase = () => `${baseUrl}/smp`;
  return {
    baseUrl,
    storecoveUrl: `${baseUrl}/storecove/api/v2`,
    phossApUrl: `${baseUrl}/phoss-ap`,
    smpUrl: smpBase(),
    receivedUrl: `${baseUrl}/received`,
    faultUrl: `${baseUrl}/faults`,
    participants,
    received,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The keys the local network takes, and the gateway is configured with: made up, never secret. */
export const LOCAL_PEPPOL_KEYS = { storecoveApiKey: 'local-storecove-key', phossApToken: 'local-phoss-ap-token' };

/** Companies on the local network that are none of this deployment's organizations. */
export const MADE_UP_PARTICIPANTS: NetworkParticipant[] = [
  {
    id: '0208:0123456749',
    organization_id: null,
    name: 'Brasserie Lumière SRL (Brussels)',
    document_types: ['invoice', 'credit_note'],
  },
  {
    id: '0192:974760673',
    organization_id: null,
    name: 'Nordlys AS (Oslo)',
    document_types: ['invoice', 'credit_note'],
  },
  { id: '9930:DE811569869', organization_id: null, name: 'Nur Rechnungen GmbH (Köln)', document_types: ['invoice'] },
  { id: '0088:4000001000005', organization_id: null, name: 'Registered, receives nothing BV', document_types: [] },
];

/** The Peppol gateway's environment for the local network, driving it as `accessPoint`. */
export function localGatewayEnvironment(
  network: PeppolNetwork,
  accessPoint: 'storecove' | 'phoss-ap',
  legalEntities: Record<string, number>,
): Record<string, string> {
  return accessPoint === 'storecove'
    ? {
        PEPPOL_ACCESS_POINT: 'storecove',
        PEPPOL_ACCESS_POINT_URL: network.storecoveUrl,
        PEPPOL_API_KEY: LOCAL_PEPPOL_KEYS.storecoveApiKey,
        PEPPOL_LEGAL_ENTITY_IDS: JSON.stringify(legalEntities),
      }
    : {
        PEPPOL_ACCESS_POINT: 'phoss-ap',
        PEPPOL_ACCESS_POINT_URL: network.phossApUrl,
        PEPPOL_API_KEY: LOCAL_PEPPOL_KEYS.phossApToken,
        PEPPOL_SMP_URL: network.smpUrl,
      };
}
