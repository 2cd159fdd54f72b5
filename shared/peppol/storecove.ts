// Storecove, the access point as a service, through its REST API v2 (docs/peppol.md "Storecove"):
// discovery per document type, submission of our UBL as raw document data, and from its webhook
// pull queue the delivery reports and the documents received for our legal entities (each fetched
// as its original). Every call carries the API key as a bearer token.
import { createHash } from 'node:crypto';
import type { PeppolDocumentType } from '#shared/domain/peppol';
import type { PeppolParticipant } from '#shared/domain/peppol-participant';
import { SCHEME_IDS } from '#shared/domain/peppol-scheme-ids';
import {
  type AccessPoint,
  type Arrival,
  type QueueHandlers,
  type ResponseSubmission,
  rulesNamedIn,
  type StatusReport,
  type Submission,
  type SubmitResult,
} from '#shared/peppol/access-point';
import {
  ACCESS_POINT_TIMEOUT_MS,
  type Answer,
  accessPointRequest,
  jsonOf,
  MAX_DOCUMENT_ANSWER_BYTES,
} from '#shared/peppol/access-point-http';

export type StorecoveSettings = {
  /** `https://api.storecove.com/api/v2`, or the local network's stand-in. */
  baseUrl: string;
  apiKey: string;
  /** The Storecove legal entity each organization sends as; `default` for those not named. */
  legalEntities: Record<string, number>;
};

/** Storecove's names of our two documents in discovery. */
const DISCOVERY_TYPES: Record<PeppolDocumentType, string> = { invoice: 'invoice', credit_note: 'creditnote' };
/** Most reports taken off the pull queue in one go; the next doorbell or poll takes the rest. */
const MAX_REPORTS = 50;

/** Storecove's idempotency GUID is 36 characters: the sending's id, hashed into a UUID's shape. */
export function idempotencyGuid(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const routingOf = (participant: PeppolParticipant) => ({
  scheme: SCHEME_IDS[participant.scheme] ?? participant.scheme,
  id: participant.identifier,
});

/** A 422's `[{source, details}]` as one sentence, and the rule ids it names. */
function refusalOf(text: string): { reason: string; rules: string[] } {
  const errors = jsonOf({ text });
  const list = Array.isArray(errors) ? (errors as { source?: unknown; details?: unknown }[]) : [];
  const reason =
    list.map((error) => `${String(error.source ?? 'document')}: ${String(error.details ?? '')}`).join('; ') ||
    text.slice(0, 500);
  return { reason, rules: rulesNamedIn(reason) };
}

/** The GUID of the document a `received_document` webhook announces. */
function receivedGuidOf(body: string): string | undefined {
  const parsed = jsonOf({ text: body }) as Record<string, unknown> | undefined;
  if (!parsed || typeof parsed !== 'object' || parsed.event_type !== 'received_document') return undefined;
  return typeof parsed.document_guid === 'string' ? parsed.document_guid : undefined;
}

/** A report's body as Storecove pushes it, read defensively: only a submission's end is acted on. */
function reportOf(body: string): StatusReport | undefined {
  const parsed = jsonOf({ text: body }) as Record<string, unknown> | undefined;
  if (!parsed || typeof parsed !== 'object') return undefined;
  const guid = parsed.document_submission_guid ?? parsed.submission_guid ?? parsed.guid;
  const event = parsed.event ?? parsed.status;
  if (typeof guid !== 'string') return undefined;
  if (event === 'succeeded') return { transmissionId: guid, status: 'delivered' };
  if (event === 'failed')
    return { transmissionId: guid, status: 'failed', reason: String(parsed.details ?? 'the transmission failed') };
  return undefined;
}

type Call = (method: string, path: string, body?: unknown, maxBytes?: number) => Promise<Answer>;

const unexpected = (what: string, answer: Answer) =>
  new Error(`Storecove answered ${what} with ${answer.status}: ${answer.text.slice(0, 300)}`);

/** Whether discovery finds the participant (for the document types, on /discovery/receives). */
async function discovered(call: Call, participant: PeppolParticipant, path: string, documentTypes?: string[]) {
  const { scheme, id } = routingOf(participant);
  const answer = await call('POST', path, {
    ...(documentTypes ? { documentTypes } : {}),
    network: 'peppol',
    metaScheme: 'iso6523-actorid-upis',
    scheme,
    identifier: id,
  });
  if (answer.status !== 200) throw unexpected('discovery', answer);
  return (jsonOf(answer) as { code?: string } | undefined)?.code === 'OK';
}

async function submitted(call: Call, settings: StorecoveSettings, submission: Submission): Promise<SubmitResult> {
  const legalEntityId = settings.legalEntities[submission.organizationId] ?? settings.legalEntities.default;
  if (legalEntityId === undefined) {
    const reason = `no Storecove legal entity is configured for organization ${submission.organizationId}`;
    return { outcome: 'refused', reason, rules: [] };
  }
  const guid = idempotencyGuid(submission.idempotencyKey);
  const answer = await call('POST', '/document_submissions', {
    legalEntityId,
    idempotencyGuid: guid,
    routing: { eIdentifiers: [routingOf(submission.receiver)], emails: [] },
    document: {
      // Storecove parses raw UBL only under `invoice`; a CreditNote document goes the same way.
      documentType: 'invoice',
      rawDocumentData: {
        document: Buffer.from(submission.xml, 'utf8').toString('base64'),
        parse: true,
        parseStrategy: 'ubl',
      },
    },
  });
  return submissionResult(answer, guid);
}

/** A document submission's answer: taken (200), the same GUID again (taken before), or refused (422). */
function submissionResult(answer: Answer, guid: string): SubmitResult {
  if (answer.status === 200) {
    const transmissionId = (jsonOf(answer) as { guid?: unknown } | undefined)?.guid;
    if (typeof transmissionId !== 'string') throw unexpected('a submission', answer);
    return { outcome: 'accepted', transmissionId, status: 'sent' };
  }
  if (answer.status !== 422) throw unexpected('a submission', answer);
  const refusal = refusalOf(answer.text);
  // The same idempotency GUID again: the first submission stands, nothing is sent twice.
  if (/idempotency/i.test(refusal.reason)) return { outcome: 'accepted', transmissionId: guid, status: 'sent' };
  return { outcome: 'refused', ...refusal };
}

/** Storecove writes the Invoice Response itself from its fields, sent back on the received document's GUID. */
async function responded(call: Call, { response, inReplyTo, idempotencyKey }: ResponseSubmission) {
  const guid = idempotencyGuid(idempotencyKey);
  const clarifications = response.reasons.map((reason) => ({
    clarificationCodeType: 'OPStatusReason',
    clarificationCode: reason.code,
    clarification: reason.text,
  }));
  const answer = await call('POST', '/document_submissions', {
    receiveGuid: inReplyTo,
    idempotencyGuid: guid,
    document: {
      documentType: 'invoice_response',
      invoiceResponse: {
        responseCode: response.code,
        effectiveDate: response.effectiveDate ?? response.issueDate,
        ...(clarifications.length ? { clarifications } : {}),
      },
    },
  });
  return submissionResult(answer, guid);
}

/** A received document as Storecove keeps it: `original` is the document as it came, base64. */
async function arrivalOf(call: Call, guid: string): Promise<Arrival | undefined> {
  const answer = await call(
    'GET',
    `/received_documents/${encodeURIComponent(guid)}/original`,
    undefined,
    MAX_DOCUMENT_ANSWER_BYTES,
  );
  if (answer.status === 404) return undefined;
  const found = jsonOf(answer) as { original?: unknown } | undefined;
  if (answer.status !== 200 || typeof found?.original !== 'string') throw unexpected('a received document', answer);
  const document = Buffer.from(found.original, 'base64');
  if (document.byteLength === 0) throw unexpected('a received document', answer);
  // Storecove names the legal entity, not the participants: the document names them (receive-peppol.ts).
  return { messageId: guid, document, sender: null, receiver: null };
}

async function drained(call: Call, handlers: QueueHandlers): Promise<number> {
  let handled = 0;
  while (handled < MAX_REPORTS) {
    const answer = await call('GET', '/webhook_instances/');
    if (answer.status === 204) break;
    const instance = jsonOf(answer) as { guid?: unknown; body?: unknown } | undefined;
    if (answer.status !== 200 || typeof instance?.guid !== 'string') throw unexpected('the webhook queue', answer);
    const body = typeof instance.body === 'string' ? instance.body : '';
    const received = receivedGuidOf(body);
    // An arrival stays on the queue until someone keeps it; the rest of the queue waits behind it.
    if (received && !handlers.arrival) break;
    const report = reportOf(body);
    if (report) await handlers.report(report);
    const arrival = received ? await arrivalOf(call, received) : undefined;
    if (arrival) await handlers.arrival!(arrival);
    const removed = await call('DELETE', `/webhook_instances/${encodeURIComponent(instance.guid)}`);
    if (removed.status !== 204 && removed.status !== 404) throw unexpected('a webhook removal', removed);
    handled += 1;
  }
  return handled;
}

export function storecove(settings: StorecoveSettings): AccessPoint {
  const call: Call = (method, path, body, maxBytes) =>
    accessPointRequest(
      `${settings.baseUrl}${path}`,
      {
        method,
        headers: {
          authorization: `Bearer ${settings.apiKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      },
      ACCESS_POINT_TIMEOUT_MS,
      maxBytes,
    );
  return {
    name: 'storecove',
    async discover(participant) {
      const [registered, ...accepts] = await Promise.all([
        discovered(call, participant, '/discovery/exists'),
        ...Object.values(DISCOVERY_TYPES).map((type) => discovered(call, participant, '/discovery/receives', [type])),
      ]);
      const types = Object.keys(DISCOVERY_TYPES) as PeppolDocumentType[];
      return { registered, document_types: registered ? types.filter((_, i) => accepts[i]) : [] };
    },
    submit: (submission) => submitted(call, settings, submission),
    respond: (submission) => responded(call, submission),
    async status(transmissionId) {
      const answer = await call('GET', `/document_submissions/${encodeURIComponent(transmissionId)}/evidence/sending`);
      if (answer.status === 200) return { transmissionId, status: 'delivered' };
      if (answer.status === 404) return undefined;
      throw unexpected('an evidence request', answer);
    },
    drainReports: (handlers) => drained(call, handlers),
    arrival: (guid) => arrivalOf(call, guid),
    // Storecove reports to the network itself: nothing to tell it.
    acknowledge: async () => undefined,
  };
}
