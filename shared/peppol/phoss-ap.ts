// phoss-ap, the open-source access point on phase4 a deployment runs itself, through its REST API
// (docs/peppol.md "phoss-ap"): submission of the raw UBL (it looks the receiver up and sends over AS4
// before it answers) and the status of an outbound transaction. It has no lookup of its own, so
// discovery reads the receiver's SMP (smp.ts); it has no callbacks, so reports are its status, asked.
// What it receives it forwards to the inbound route (HTTP POST, async mode), which reads nothing of
// the request but its SBDH instance id: the document is fetched back from phoss-ap with the token,
// and once taken in, C4's country is reported to it.
import {
  BILLING_PROCESS_ID,
  DOCUMENT_TYPE_IDS,
  INVOICE_RESPONSE_DOCUMENT_TYPE_ID,
  INVOICE_RESPONSE_PROCESS_ID,
  PEPPOL_DOCUMENT_TYPES,
  participantUri,
} from '#shared/domain/peppol';
import {
  type AccessPoint,
  type Arrival,
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
import { type SmpLocation, smpDocumentTypes } from '#shared/peppol/smp';

export type PhossApSettings = {
  /** Where phoss-ap listens, without `/api`. */
  baseUrl: string;
  /** Its `phase4.api.requiredtoken`, sent as X-Token. */
  token: string;
  smp: SmpLocation;
};

type OutboundTransaction = {
  status?: string;
  mlsStatus?: string;
  errorDetails?: string | null;
  sbdhInstanceID?: string;
};

/** A transaction's state in our words: phoss-ap retries `failed` itself, so only its final states end one. */
function statusOf(transmissionId: string, transaction: OutboundTransaction): StatusReport {
  const reason = transaction.errorDetails ?? `phoss-ap reports the transaction ${transaction.status}`;
  switch (transaction.status) {
    case 'sent':
      if (transaction.mlsStatus === 'received_re')
        return { transmissionId, status: 'failed', reason: "the receiver's access point rejected the document" };
      return {
        transmissionId,
        status:
          transaction.mlsStatus === 'received_ap' || transaction.mlsStatus === 'received_ab' ? 'delivered' : 'sent',
      };
    case 'rejected':
    case 'permanently_failed':
      return { transmissionId, status: 'failed', reason };
    default:
      return { transmissionId, status: 'queued' };
  }
}

type Call = (method: string, path: string, body?: string, maxBytes?: number) => Promise<Answer>;

const unexpected = (what: string, answer: Answer) =>
  new Error(`phoss-ap answered ${what} with ${answer.status}: ${answer.text.slice(0, 300)}`);

async function transactionOf(call: Call, id: string): Promise<OutboundTransaction | undefined> {
  const answer = await call('GET', `/outbound/status/${encodeURIComponent(id)}`);
  if (answer.status === 404) return undefined;
  const found = jsonOf(answer) as OutboundTransaction | undefined;
  if (answer.status !== 200 || !found) throw unexpected('a status request', answer);
  return found;
}

/** A transaction that exists, as a submission's result: taken, or refused for good. */
function resultOf(id: string, transaction: OutboundTransaction): SubmitResult {
  const state = statusOf(id, transaction);
  if (state.status === 'failed') return { outcome: 'refused', reason: state.reason, rules: rulesNamedIn(state.reason) };
  return { outcome: 'accepted', transmissionId: id, status: state.status === 'queued' ? 'queued' : 'sent' };
}

const refusal = (text: string): SubmitResult => ({
  outcome: 'refused',
  reason: text.slice(0, 500),
  rules: rulesNamedIn(text),
});

/** One document to send: its instance id, C1 and C4, its document type and process, C1's country. */
type Outbound = {
  id: string;
  sender: string;
  receiver: string;
  documentType: string;
  process: string;
  country: string;
  xml: string;
};

const invoiceOutbound = (submission: Submission): Outbound => ({
  id: submission.idempotencyKey,
  sender: participantUri(submission.sender),
  receiver: participantUri(submission.receiver),
  documentType: DOCUMENT_TYPE_IDS[submission.documentType],
  process: BILLING_PROCESS_ID,
  country: submission.country,
  xml: submission.xml,
});

/** A response goes from the organization (the document's buyer) back to the document's seller. */
const responseOutbound = (submission: ResponseSubmission): Outbound => ({
  id: submission.idempotencyKey,
  sender: `iso6523-actorid-upis::${submission.response.sender.participant}`,
  receiver: `iso6523-actorid-upis::${submission.response.receiver.participant}`,
  documentType: INVOICE_RESPONSE_DOCUMENT_TYPE_ID,
  process: INVOICE_RESPONSE_PROCESS_ID,
  country: submission.country,
  xml: submission.xml,
});

async function submitted(call: Call, outbound: Outbound): Promise<SubmitResult> {
  const { id } = outbound;
  // phoss-ap sends a repeated instance id again, so an earlier attempt's transaction is looked for first.
  const earlier = await transactionOf(call, id);
  if (earlier) return resultOf(id, earlier);
  const path = [outbound.sender, outbound.receiver, outbound.documentType, outbound.process, outbound.country]
    .map(encodeURIComponent)
    .join('/');
  const answer = await call('POST', `/outbound/submit/${path}?sbdhInstanceID=${encodeURIComponent(id)}`, outbound.xml);
  if (answer.status === 200) return { outcome: 'accepted', transmissionId: id, status: 'sent' };
  if (answer.status === 400) return refusal(String(jsonOf(answer) ?? answer.text));
  if (answer.status !== 422) throw unexpected('a submission', answer);
  // Not always the end: a transport fault leaves the transaction to phoss-ap's own retries.
  const after = await transactionOf(call, id);
  if (after && statusOf(id, after).status !== 'failed') return resultOf(id, after);
  const report = jsonOf(answer) as { lookupError?: string; sendingError?: string } | undefined;
  const state = after && statusOf(id, after);
  const finalReason = state?.status === 'failed' ? state.reason : undefined;
  return refusal(String(report?.lookupError ?? report?.sendingError ?? finalReason ?? answer.text));
}

/** phoss-ap names participants with their scheme (`iso6523-actorid-upis::0088:…`); ours are bare. */
const bareParticipant = (value: unknown) =>
  typeof value === 'string' && value ? value.replace(/^iso6523-actorid-upis::/i, '') : null;

/** An inbound transaction's participants and its payload (the SBD phoss-ap received over AS4). */
async function arrivalOf(call: Call, id: string): Promise<Arrival | undefined> {
  const path = encodeURIComponent(id);
  const status = await call('GET', `/inbound/status/${path}`);
  if (status.status === 404) return undefined;
  const transaction = jsonOf(status) as { senderID?: unknown; receiverID?: unknown } | undefined;
  if (status.status !== 200 || !transaction) throw unexpected('an inbound status request', status);
  const payload = await call('GET', `/ops/inbound/${path}/payload`, undefined, MAX_DOCUMENT_ANSWER_BYTES);
  if (payload.status === 404) return undefined;
  if (payload.status !== 200 || payload.bytes.byteLength === 0) throw unexpected('an inbound payload request', payload);
  return {
    messageId: id,
    document: payload.bytes,
    sender: bareParticipant(transaction.senderID),
    receiver: bareParticipant(transaction.receiverID),
  };
}

/** C4's country, for phoss-ap's Peppol Reporting; one already stored (400) stands. */
async function acknowledged(call: Call, id: string, country: string) {
  const query = `sbdhInstanceID=${encodeURIComponent(id)}&c4CountryCode=${encodeURIComponent(country)}`;
  const answer = await call('POST', `/inbound/report?${query}`);
  if (answer.status !== 200 && answer.status !== 400 && answer.status !== 404)
    throw unexpected('an inbound report', answer);
}

export function phossAp(settings: PhossApSettings): AccessPoint {
  const call: Call = (method, path, body, maxBytes) =>
    accessPointRequest(
      `${settings.baseUrl}/api${path}`,
      {
        method,
        headers: {
          'x-token': settings.token,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/xml' }),
        },
        ...(body === undefined ? {} : { body }),
      },
      ACCESS_POINT_TIMEOUT_MS,
      maxBytes,
    );
  return {
    name: 'phoss-ap',
    async discover(participant) {
      const listed = await smpDocumentTypes(participant, settings.smp);
      if (!listed) return { registered: false, document_types: [] };
      return {
        registered: true,
        document_types: PEPPOL_DOCUMENT_TYPES.filter((type) => listed.includes(DOCUMENT_TYPE_IDS[type])),
      };
    },
    submit: (submission) => submitted(call, invoiceOutbound(submission)),
    respond: (submission) => submitted(call, responseOutbound(submission)),
    async status(transmissionId) {
      const found = await transactionOf(call, transmissionId);
      return found && statusOf(transmissionId, found);
    },
    // phoss-ap keeps no queue: its statuses are asked for, and what it receives it forwards.
    drainReports: async () => 0,
    arrival: (id) => arrivalOf(call, id),
    acknowledge: (id, country) => acknowledged(call, id, country),
  };
}
