// The local network's phoss-ap (its REST API under /phoss-ap/api, docs/peppol.md "phoss-ap"):
// submission that answers after the "AS4 send" (a repeated instance id is a second transaction, as
// phoss-ap's is), the status of a transaction with the receiver's MLS a moment later, and the SMP
// entries (/smp) phoss-ap lookups read; what it receives for the deployment is peppol-phoss-ap-inbound.ts's.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { DOCUMENT_TYPE_IDS, INVOICE_RESPONSE_DOCUMENT_TYPE_ID, PEPPOL_DOCUMENT_TYPES } from '#shared/domain/peppol';
import { type Attempt, bodyOf, firedRules, type NetworkState, send } from '#infra/local/peppol-network-state';
import { phossApInbound } from '#infra/local/peppol-phoss-ap-inbound';

const bare = (uri: string | undefined) => uri?.replace(/^iso6523-actorid-upis::/, '') ?? null;
export function phossApApi(state: NetworkState) {
  const transactions = new Map<string, { status: string; mlsStatus: string; errorDetails: string | null }>();
  const inbound = phossApInbound(state);

  async function submit(req: IncomingMessage, res: ServerResponse, parts: string[]) {
    const [sender, receiver, docType] = parts.map((part) => decodeURIComponent(part));
    const id = new URL(req.url!, 'http://network').searchParams.get('sbdhInstanceID') ?? randomUUID();
    const bytes = await bodyOf(req);
    const attempt: Attempt = {
      access_point: 'phoss-ap',
      sender: bare(sender),
      receiver: bare(receiver),
      idempotency_key: id,
    };
    const fault = state.takeFault();
    if (fault) {
      const refusal = 'Failed to submit outbound transaction: refused by the network (a fault set on /faults)';
      return state.faulted(res, fault, attempt, bytes, refusal);
    }
    const duplicate = transactions.has(id);
    const found = state.participant(attempt.receiver);
    const type = PEPPOL_DOCUMENT_TYPES.find((candidate) => DOCUMENT_TYPE_IDS[candidate] === docType);
    // An Invoice Response goes back to whoever sent a document delivered here.
    const answers =
      docType === INVOICE_RESPONSE_DOCUMENT_TYPE_ID &&
      state.delivered.some((entry) => entry.sender?.toLowerCase() === attempt.receiver?.toLowerCase());
    if (!answers && (!found || !type || !found.document_types.includes(type))) {
      const errorDetails = `${attempt.receiver} is not registered for ${docType}`;
      transactions.set(id, { status: 'permanently_failed', mlsStatus: 'not_applicable', errorDetails });
      state.record({ ...attempt, outcome: 'refused', rules: [] }, bytes);
      return send(res, 422, { overallSuccess: false, lookupError: `No SMP entry of ${receiver} for ${docType}` });
    }
    const rules = await firedRules(bytes.toString('utf8'));
    if (rules.length) {
      state.record({ ...attempt, outcome: 'refused', rules }, bytes);
      return send(res, 422, `Failed to submit outbound transaction: the document fails ${rules.join(', ')}`);
    }
    transactions.set(id, { status: 'sent', mlsStatus: 'pending', errorDetails: null });
    state.record({ ...attempt, outcome: duplicate ? 'duplicate' : 'accepted', rules: [] }, bytes);
    state.later(() => {
      const transaction = transactions.get(id);
      if (transaction) transaction.mlsStatus = 'received_ap';
      // Sent to one of the deployment's own organizations: it arrives at their access point too.
      if (!duplicate && !answers) state.deliver(bytes, attempt.sender, attempt.receiver);
    });
    send(res, 200, {
      sbdhInstanceIdentifier: id,
      sendingResult: 'SUCCESS',
      sendingSuccess: true,
      overallSuccess: true,
    });
  }

  return async (req: IncomingMessage, res: ServerResponse, path: string) => {
    if (req.headers['x-token'] !== state.options.phossApToken)
      return send(res, 401, { error: 'Invalid or missing API token' });
    const status = /^\/outbound\/status\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && status) {
      const id = decodeURIComponent(status[1]!);
      const transaction = transactions.get(id);
      return transaction ? send(res, 200, { sbdhInstanceID: id, ...transaction }) : send(res, 404);
    }
    if (path.startsWith('/inbound/') || path.startsWith('/ops/inbound/'))
      return inbound(req, res, path) ?? send(res, 404);
    const submission = /^\/outbound\/submit\/([^/]+)\/([^/]+)\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(path);
    if (req.method === 'POST' && submission) return submit(req, res, submission.slice(1, 4) as string[]);
    send(res, 404);
  };
}

/** A participant's SMP ServiceGroup, its references naming each document type it receives. */
export function smpAnswer(state: NetworkState, smpBase: string) {
  return (res: ServerResponse, path: string) => {
    const uri = decodeURIComponent(path.slice(1));
    const found = state.participant(bare(uri));
    if (!found) return send(res, 404);
    const reference = (type: keyof typeof DOCUMENT_TYPE_IDS) =>
      `<ServiceMetadataReference href="${smpBase}/${encodeURIComponent(uri)}/services/${encodeURIComponent(DOCUMENT_TYPE_IDS[type])}"/>`;
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?><ServiceGroup xmlns="http://busdox.org/serviceMetadata/publishing/1.0/" ' +
      'xmlns:ids="http://busdox.org/transport/identifiers/1.0/">' +
      `<ids:ParticipantIdentifier scheme="iso6523-actorid-upis">${found.id}</ids:ParticipantIdentifier>` +
      `<ServiceMetadataReferenceCollection>${found.document_types.map(reference).join('')}</ServiceMetadataReferenceCollection></ServiceGroup>`;
    send(res, 200, xml, 'application/xml');
  };
}
