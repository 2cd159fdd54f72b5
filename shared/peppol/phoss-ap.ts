// phoss-ap, the open-source access point on phase4 a deployment runs itself, through its REST API
// (docs/peppol.md "phoss-ap"): submission of the raw UBL (it looks the receiver up and sends over AS4
// before it answers) and the status of an outbound transaction. It has no lookup of its own, so
// discovery reads the receiver's SMP (smp.ts); it has no callbacks, so reports are its status, asked.
import { BILLING_PROCESS_ID, DOCUMENT_TYPE_IDS, PEPPOL_DOCUMENT_TYPES, participantUri } from '#shared/domain/peppol';
import {
  type AccessPoint,
  rulesNamedIn,
  type StatusReport,
  type Submission,
  type SubmitResult,
} from '#shared/peppol/access-point';
import { type Answer, accessPointRequest, jsonOf } from '#shared/peppol/access-point-http';
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

type Call = (method: string, path: string, body?: string) => Promise<Answer>;

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

async function submitted(call: Call, submission: Submission): Promise<SubmitResult> {
  const id = submission.idempotencyKey;
  // phoss-ap sends a repeated instance id again, so an earlier attempt's transaction is looked for first.
  const earlier = await transactionOf(call, id);
  if (earlier) return resultOf(id, earlier);
  const path = [
    participantUri(submission.sender),
    participantUri(submission.receiver),
    DOCUMENT_TYPE_IDS[submission.documentType],
    BILLING_PROCESS_ID,
    submission.country,
  ]
    .map(encodeURIComponent)
    .join('/');
  const answer = await call(
    'POST',
    `/outbound/submit/${path}?sbdhInstanceID=${encodeURIComponent(id)}`,
    submission.xml,
  );
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

export function phossAp(settings: PhossApSettings): AccessPoint {
  const call: Call = (method, path, body) =>
    accessPointRequest(`${settings.baseUrl}/api${path}`, {
      method,
      headers: {
        'x-token': settings.token,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/xml' }),
      },
      ...(body === undefined ? {} : { body }),
    });
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
    submit: (submission) => submitted(call, submission),
    async status(transmissionId) {
      const found = await transactionOf(call, transmissionId);
      return found && statusOf(transmissionId, found);
    },
    // phoss-ap calls nobody back: its statuses are asked for, transmission by transmission.
    drainReports: async () => 0,
  };
}
