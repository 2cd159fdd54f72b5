// The laptop's and the tests' Peppol network (docs/peppol.md "The local network"): one HTTP server on
// 127.0.0.1 that answers as both access points the service can drive — Storecove's REST API v2 under
// /storecove/api/v2 and phoss-ap's under /phoss-ap/api — and as the SMP of every participant it
// registers (/smp). Each document it is handed is checked with the OpenPeppol rules, as a real access
// point would, and refused with the rule ids that fired; delivery reports follow a moment later. A
// document for one of the deployment's organizations is delivered to it through the access point it
// receives at (Storecove's pull queue, or phoss-ap's forwarding). /received lists every submission
// attempt with its bytes; /faults makes the next ones fail; POST /deliver hands a document from any
// sender to one of the deployment's organizations, and /delivered lists what was delivered.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readerEnvironment, type Stoppable } from '#infra/local/emulators';
import {
  bodyOf,
  type Delivered,
  FAULT_KINDS,
  type FaultKind,
  type NetworkOptions,
  type NetworkParticipant,
  networkState,
  type Received,
  send,
} from '#infra/local/peppol-network-state';
import { phossApApi, smpAnswer } from '#infra/local/peppol-phoss-ap';
import { storecoveApi } from '#infra/local/peppol-storecove';

export type { Delivered, NetworkParticipant, Received };

export type PeppolNetwork = Stoppable & {
  baseUrl: string;
  storecoveUrl: string;
  phossApUrl: string;
  smpUrl: string;
  receivedUrl: string;
  faultUrl: string;
  deliverUrl: string;
  deliveredUrl: string;
  participants: NetworkParticipant[];
  received: Received[];
};

/** POST /deliver?from=…&to=…, the document as the body: a sender elsewhere on the network sends it to `to`. */
async function delivery(state: ReturnType<typeof networkState>, req: IncomingMessage, res: ServerResponse) {
  const asked = new URL(req.url ?? '/', 'http://network').searchParams;
  const document = await bodyOf(req);
  if (document.byteLength === 0) return send(res, 400, { error: 'the document is the body' });
  const delivered = state.deliver(document, asked.get('from'), asked.get('to'));
  if (!delivered) return send(res, 404, { error: `${asked.get('to')} is none of the deployment's participants` });
  send(res, 202, delivered);
}

/** GET /received, GET /participants, /deliver, GET /delivered and /faults: what a test from outside reads and sets. */
function controlApi(state: ReturnType<typeof networkState>) {
  return async (req: IncomingMessage, res: ServerResponse, path: string) => {
    if (path === '/received' && req.method === 'GET') return send(res, 200, { results: state.received });
    if (path === '/participants' && req.method === 'GET') return send(res, 200, { results: state.participants });
    if (path === '/delivered' && req.method === 'GET') return send(res, 200, { results: state.delivered });
    if (path === '/deliver' && req.method === 'POST') return delivery(state, req, res);
    if (path !== '/faults') return send(res, 404);
    if (req.method === 'GET') return send(res, 200, { pending: state.faults });
    if (req.method === 'DELETE') {
      state.faults.length = 0;
      return send(res, 204);
    }
    if (req.method !== 'POST') return send(res, 404);
    const asked = JSON.parse((await bodyOf(req)).toString('utf8') || '{}') as { kind?: FaultKind; count?: number };
    const count = asked.count ?? 1;
    if (!FAULT_KINDS.includes(asked.kind as FaultKind) || !Number.isInteger(count) || count < 1 || count > 100)
      return send(res, 400, {
        error: `kind must be one of ${FAULT_KINDS.join(', ')} and count a whole number from 1 to 100`,
      });
    state.faults.push({ kind: asked.kind!, count });
    send(res, 201, { pending: state.faults });
  };
}

export async function startPeppolNetwork(options: NetworkOptions): Promise<PeppolNetwork> {
  const state = networkState(options);
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const [storecove, phossAp, smp, control] = [
    storecoveApi(state),
    phossApApi(state),
    smpAnswer(state, `${baseUrl}/smp`),
    controlApi(state),
  ];
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
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
  return {
    baseUrl,
    storecoveUrl: `${baseUrl}/storecove/api/v2`,
    phossApUrl: `${baseUrl}/phoss-ap`,
    smpUrl: `${baseUrl}/smp`,
    receivedUrl: `${baseUrl}/received`,
    faultUrl: `${baseUrl}/faults`,
    deliverUrl: `${baseUrl}/deliver`,
    deliveredUrl: `${baseUrl}/delivered`,
    participants: state.participants,
    received: state.received,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const timer of state.timers) clearTimeout(timer);
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

/** Where the gateway keeps what the access point received: the local incoming bucket and the incoming-peppol queue. */
export type LocalArrivals = { s3Endpoint: string; bucket: string; sqsEndpoint: string; queueUrl: string };

/** The Peppol gateway's environment for the local network, driving it as `accessPoint`. */
export function localGatewayEnvironment(
  network: PeppolNetwork,
  accessPoint: 'storecove' | 'phoss-ap',
  legalEntities: Record<string, number>,
  /** Absent: the gateway keeps no arrivals (a sending-only setup, as the Peppol bench's). */
  arrivals?: LocalArrivals,
): Record<string, string> {
  const keeping = arrivals
    ? {
        ...readerEnvironment(arrivals.s3Endpoint, arrivals.bucket),
        AWS_ENDPOINT_URL_SQS: arrivals.sqsEndpoint,
        PEPPOL_INCOMING_QUEUE_URL: arrivals.queueUrl,
      }
    : {};
  return accessPoint === 'storecove'
    ? {
        ...keeping,
        PEPPOL_ACCESS_POINT: 'storecove',
        PEPPOL_ACCESS_POINT_URL: network.storecoveUrl,
        PEPPOL_API_KEY: LOCAL_PEPPOL_KEYS.storecoveApiKey,
        PEPPOL_LEGAL_ENTITY_IDS: JSON.stringify(legalEntities),
      }
    : {
        ...keeping,
        PEPPOL_ACCESS_POINT: 'phoss-ap',
        PEPPOL_ACCESS_POINT_URL: network.phossApUrl,
        PEPPOL_API_KEY: LOCAL_PEPPOL_KEYS.phossApToken,
        PEPPOL_SMP_URL: network.smpUrl,
      };
}
