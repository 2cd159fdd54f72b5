// The local network's Storecove (REST API v2 under /storecove/api/v2, docs/peppol.md "Storecove"):
// discovery, document submissions held to the OpenPeppol rules, the webhook pull queue its reports
// and received documents wait on (and the doorbell it rings), the received documents' originals, and
// the sending evidence of a delivered submission.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { PeppolDocumentType } from '#shared/domain/peppol';
import { SCHEME_IDS } from '#shared/domain/peppol-scheme-ids';
import {
  type Attempt,
  bodyOf,
  documentTypeOf,
  firedRules,
  type NetworkState,
  send,
} from '#infra/local/peppol-network-state';

/** Storecove's scheme names back to the four digits. */
const ICD_OF = Object.fromEntries(Object.entries(SCHEME_IDS).map(([icd, name]) => [name.toUpperCase(), icd]));
const icdOf = (scheme: unknown) => ICD_OF[String(scheme ?? '').toUpperCase()] ?? String(scheme ?? '');

/** The seller's electronic address (BT-34), as the stand-in names a Storecove sender: the document says who sends it. */
function sellerOf(xml: string): string | null {
  const supplier =
    /<cac:AccountingSupplierParty>[\s\S]*?<cbc:EndpointID schemeID="(\d{4})">([^<]+)<\/cbc:EndpointID>/.exec(xml);
  return supplier ? `${supplier[1]}:${supplier[2]}` : null;
}

type Asked = Record<string, any>;

/** What the stand-in keeps of the submissions it took. */
type Book = {
  /** idempotencyGuid → the submission's guid. */
  submissions: Map<string, string>;
  delivered: Set<string>;
  webhookQueue: { guid: string; body: string }[];
  /** Documents received for the deployment's legal entity, by their document GUID. */
  receivedDocuments: Map<string, Buffer>;
  ringDoorbell(): void;
};

function discovery(state: NetworkState, res: ServerResponse, path: string, asked: Asked) {
  const found = state.participant(`${icdOf(asked.scheme)}:${asked.identifier}`);
  const wanted = ((asked.documentTypes as string[] | undefined) ?? ['invoice', 'creditnote']).map((type) =>
    type === 'creditnote' ? 'credit_note' : type,
  );
  const ok =
    !!found &&
    (path === '/discovery/exists' || wanted.every((type) => found.document_types.includes(type as PeppolDocumentType)));
  send(res, 200, { code: ok ? 'OK' : 'NOK', email: false });
}

/** An Invoice Response on a received document's GUID: Storecove writes it and sends it to the document's sender. */
function responseSubmission(state: NetworkState, book: Book, res: ServerResponse, asked: Asked) {
  const key = typeof asked.idempotencyGuid === 'string' ? asked.idempotencyGuid : null;
  const answered = state.delivered.find((entry) => entry.message_id === asked.receiveGuid);
  const response = asked.document?.invoiceResponse as
    | { responseCode?: string; clarifications?: { clarificationCodeType?: string; clarificationCode?: string }[] }
    | undefined;
  const bytes = Buffer.from(JSON.stringify(response ?? null));
  const attempt: Attempt = {
    access_point: 'storecove',
    sender: answered?.receiver ?? null,
    receiver: answered?.sender ?? null,
    idempotency_key: key,
  };
  if (key && book.submissions.has(key)) {
    state.record({ ...attempt, outcome: 'duplicate', rules: [] }, bytes);
    return send(res, 422, [
      { source: 'idempotencyGuid', details: `a document with idempotencyGuid ${key} was submitted before` },
    ]);
  }
  const refusals: { source: string; details: string }[] = [];
  if (!answered || !book.receivedDocuments.has(answered.message_id))
    refusals.push({ source: 'receiveGuid', details: 'no document was received with this GUID' });
  if (!['AB', 'IP', 'UQ', 'CA', 'RE', 'AP', 'PD'].includes(String(response?.responseCode)))
    refusals.push({ source: 'invoiceResponse.responseCode', details: 'must be one of AB, IP, UQ, CA, RE, AP, PD' });
  if (['RE', 'UQ', 'CA'].includes(String(response?.responseCode)) && !response?.clarifications?.length)
    refusals.push({
      source: 'invoiceResponse.clarifications',
      details: 'a RE, UQ or CA response needs a clarification',
    });
  if (refusals.length) {
    state.record({ ...attempt, outcome: 'refused', rules: [] }, bytes);
    return send(res, 422, refusals);
  }
  const guid = randomUUID();
  book.submissions.set(key!, guid);
  state.record({ ...attempt, outcome: 'accepted', rules: [] }, bytes);
  send(res, 200, { guid });
}

async function submission(state: NetworkState, book: Book, res: ServerResponse, asked: Asked) {
  if (asked.document?.documentType === 'invoice_response') return responseSubmission(state, book, res, asked);
  const key = typeof asked.idempotencyGuid === 'string' ? asked.idempotencyGuid : null;
  const eIdentifier = asked.routing?.eIdentifiers?.[0] as { scheme?: string; id?: string } | undefined;
  const receiver = eIdentifier ? `${icdOf(eIdentifier.scheme)}:${eIdentifier.id}` : null;
  const bytes = Buffer.from(String(asked.document?.rawDocumentData?.document ?? ''), 'base64');
  const xml = bytes.toString('utf8');
  const known = state.options.legalEntities.includes(Number(asked.legalEntityId));
  const attempt: Attempt = {
    access_point: 'storecove',
    sender: known ? sellerOf(xml) : null,
    receiver,
    idempotency_key: key,
  };
  const fault = state.takeFault();
  if (fault)
    return state.faulted(res, fault, attempt, bytes, [
      { source: 'document', details: 'refused by the network (a fault set on /faults)' },
    ]);
  if (key && book.submissions.has(key)) {
    state.record({ ...attempt, outcome: 'duplicate', rules: [] }, bytes);
    const details = `a document with idempotencyGuid ${key} was submitted before`;
    return send(res, 422, [{ source: 'idempotencyGuid', details }]);
  }
  const refusals: { source: string; details: string }[] = [];
  if (!known) refusals.push({ source: 'legalEntityId', details: 'no such legal entity' });
  if (!key || key.length !== 36) refusals.push({ source: 'idempotencyGuid', details: 'must be 36 characters' });
  const found = state.participant(receiver);
  const type = documentTypeOf(xml);
  if (!found || !type || !found.document_types.includes(type))
    refusals.push({ source: 'routing', details: `${receiver} is not a Peppol participant receiving this document` });
  const rules = refusals.length ? [] : await firedRules(xml);
  if (rules.length) refusals.push({ source: 'document', details: `the document fails ${rules.join(', ')}` });
  if (refusals.length) {
    state.record({ ...attempt, outcome: 'refused', rules }, bytes);
    return send(res, 422, refusals);
  }
  const guid = randomUUID();
  book.submissions.set(key!, guid);
  state.record({ ...attempt, outcome: 'accepted', rules: [] }, bytes);
  state.later(() => {
    // Sent to one of the deployment's own organizations: it arrives at their access point too.
    state.deliver(bytes, attempt.sender, receiver);
    book.delivered.add(guid);
    const body = JSON.stringify({ guid, event_type: 'document_submission', event: 'succeeded' });
    book.webhookQueue.push({ guid: randomUUID(), body });
    book.ringDoorbell();
  });
  send(res, 200, { guid });
}

export function storecoveApi(state: NetworkState) {
  const book: Book = {
    submissions: new Map(),
    delivered: new Set(),
    webhookQueue: [],
    receivedDocuments: new Map(),
    ringDoorbell: () => {
      const url = state.options.doorbellUrl;
      const ring = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' };
      if (url) fetch(url, ring).catch(() => undefined);
    },
  };
  const { delivered, webhookQueue, receivedDocuments } = book;
  // A received document waits on the pull queue as a `received_document` webhook, the doorbell rung.
  state.receivesWith('storecove', (entry, document) => {
    receivedDocuments.set(entry.message_id, document);
    const legal_entity_id = state.options.legalEntities[0] ?? null;
    const body = {
      event_type: 'received_document',
      event: 'received',
      document_guid: entry.message_id,
      legal_entity_id,
    };
    webhookQueue.push({ guid: randomUUID(), body: JSON.stringify(body) });
    book.ringDoorbell();
  });

  return async (req: IncomingMessage, res: ServerResponse, path: string) => {
    if (req.headers.authorization !== `Bearer ${state.options.storecoveApiKey}`)
      return send(res, 401, { message: 'Unauthorized' });
    const asked = () => bodyOf(req).then((body) => JSON.parse(body.toString('utf8') || '{}') as Asked);
    if (req.method === 'POST' && (path === '/discovery/receives' || path === '/discovery/exists'))
      return discovery(state, res, path, await asked());
    if (req.method === 'POST' && path === '/document_submissions') return submission(state, book, res, await asked());
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
    const original = /^\/received_documents\/([^/]+)\/original$/.exec(path);
    if (req.method === 'GET' && original) {
      const guid = decodeURIComponent(original[1]!);
      const document = receivedDocuments.get(guid);
      if (!document) return send(res, 404, { message: 'Not found' });
      const legal_entity_id = state.options.legalEntities[0] ?? null;
      return send(res, 200, { guid, direction: 'in', legal_entity_id, original: document.toString('base64') });
    }
    const evidence = /^\/document_submissions\/([^/]+)\/evidence\/sending$/.exec(path);
    if (req.method === 'GET' && evidence) {
      const guid = decodeURIComponent(evidence[1]!);
      if (!delivered.has(guid)) return send(res, 404);
      return send(res, 200, { network: 'peppol', evidence: { transmission_id: guid } });
    }
    send(res, 404, { message: 'Not found' });
  };
}
