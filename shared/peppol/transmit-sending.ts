// The Peppol worker's work (docs/peppol.md "Sending"): a queued sending is drawn as the UBL of
// `?format=peppol`, handed to the access point under the sending's id as its idempotency key, and
// recorded with the transmission id and the bytes' SHA-256; then its status is asked for until the
// network reports it delivered or failed. A refusal is final; an access point that does not answer
// leaves the sending queued for the worker's next attempt. Invoices and credit notes alike.
import { createHash } from 'node:crypto';
import { peppolUnreachable } from '#shared/domain/errors';
import { isFinal, type PeppolDocument, type PeppolSending } from '#shared/domain/peppol-sending';
import { parsePeppolParticipant, type PeppolParticipant } from '#shared/domain/peppol-participant';
import type { DocumentRenderer } from '#shared/documents/renderer';
import type { InvoicingDeps } from '#shared/invoicing/deps';
import type { PeppolGateway } from '#shared/peppol/gateway';
import { heldDocument } from '#shared/peppol/peppol-documents';
import { recordPeppolStatus } from '#shared/peppol/record-peppol-status';
import { type ArchiveDeps, keepFile } from '#shared/archive/keep-file';

/** A later look at one sending's status, `attempt` counting the looks so far. */
export type PeppolCheck = {
  kind: 'check';
  organization_id: string;
  document: PeppolDocument;
  sending_id: string;
  attempt: number;
  correlation_id?: string;
};

export type TransmitDeps = InvoicingDeps &
  Pick<ArchiveDeps, 'archive'> & {
    peppol: PeppolGateway;
    renderer: DocumentRenderer;
    /** Puts a check on the Peppol queue, to arrive after `delaySeconds`. */
    scheduleCheck(check: PeppolCheck, delaySeconds: number): Promise<void>;
    /** Seconds before the first check; each next one waits twice as long, up to 15 minutes. */
    checkSeconds: number;
  };

/** Looks at a sending's status this many times (about a day at the default pace), then leaves it to the reports. */
export const MAX_CHECKS = 100;
const MAX_DELAY_SECONDS = 900;
const delayOf = (deps: TransmitDeps, attempt: number) => Math.min(MAX_DELAY_SECONDS, deps.checkSeconds * 2 ** attempt);

const participant = (id: string) => parsePeppolParticipant(id) as PeppolParticipant;

/** The sendings of a document still queued without a transmission: what the worker has to hand over. */
export const waitingSendings = (sendings: readonly PeppolSending[]) =>
  sendings.filter((sending) => sending.status === 'queued' && !sending.transmission_id);

/** Transmits each sending of the document still queued without a transmission; answers how many it handed over. */
export async function transmitQueued(
  deps: TransmitDeps,
  organizationId: string,
  document: PeppolDocument,
  correlationId?: string,
): Promise<number> {
  const held = await heldDocument(deps, organizationId, document);
  if (!held) return 0;
  let transmitted = 0;
  for (const sending of waitingSendings(held.sendings)) {
    const file = await deps.renderer.render(held.ubl);
    const xml = typeof file.content === 'string' ? file.content : Buffer.from(file.content).toString('utf8');
    const sha256 = createHash('sha256').update(xml, 'utf8').digest('hex');
    const sender = held.seller?.peppol_id;
    if (!sender) throw peppolUnreachable(`The ${document.kind.replace('_', ' ')} names no seller peppol_id`);
    const result = await deps.peppol.submit({
      sender: participant(sender),
      receiver: participant(sending.to),
      documentType: document.kind,
      xml,
      idempotencyKey: sending.id,
      country: held.seller?.address?.country ?? held.organization.address?.country ?? 'ZZ',
      organizationId,
    });
    if (result.outcome === 'refused') {
      await recordPeppolStatus(deps, organizationId, document, sending.id, {
        status: 'failed',
        reason: result.reason,
        sha256,
      });
      continue;
    }
    // The bytes as transmitted are archived before the sending is recorded: a crash in between is a
    // redelivery, which hands the same bytes over under the same idempotency key and archives them then.
    const sent = { filename: `${sending.id}.xml`, contentType: 'application/xml', content: xml };
    const kept = { kind: 'sending' as const, format: 'peppol-transmission' as const, reason: 'sent' as const };
    const archived = { type: document.kind, id: document.id, number: held.number };
    await keepFile(deps, held.organization, { ...kept, document: archived, file: sent, sendingId: sending.id });
    const recorded = await recordPeppolStatus(deps, organizationId, document, sending.id, {
      status: result.status,
      transmission_id: result.transmissionId,
      sha256,
    });
    transmitted += 1;
    if (recorded && !isFinal(recorded.status))
      await deps.scheduleCheck(
        {
          kind: 'check',
          organization_id: organizationId,
          document,
          sending_id: sending.id,
          attempt: 0,
          ...(correlationId ? { correlation_id: correlationId } : {}),
        },
        delayOf(deps, 0),
      );
  }
  return transmitted;
}

/** Asks the access point where one sending stands, records it, and looks again later unless it is final. */
export async function checkSending(deps: TransmitDeps, check: PeppolCheck): Promise<PeppolSending | undefined> {
  const held = await heldDocument(deps, check.organization_id, check.document);
  const sending = held?.sendings.find((entry) => entry.id === check.sending_id);
  if (!sending || isFinal(sending.status) || !sending.transmission_id) return sending;
  const report = await deps.peppol.status(sending.transmission_id);
  const recorded =
    (report &&
      (await recordPeppolStatus(deps, check.organization_id, check.document, sending.id, {
        status: report.status,
        ...(report.status === 'failed' ? { reason: report.reason } : {}),
      }))) ||
    sending;
  if (!isFinal(recorded.status) && check.attempt + 1 < MAX_CHECKS)
    await deps.scheduleCheck({ ...check, attempt: check.attempt + 1 }, delayOf(deps, check.attempt + 1));
  return recorded;
}

/** The sendings of a document the access point stayed unavailable for, through every attempt: failed, saying so. */
export async function giveUp(deps: InvoicingDeps, organizationId: string, document: PeppolDocument, why: string) {
  const held = await heldDocument(deps, organizationId, document);
  for (const sending of (held?.sendings ?? []).filter((entry) => entry.status === 'queued'))
    await recordPeppolStatus(deps, organizationId, document, sending.id, { status: 'failed', reason: why });
}
