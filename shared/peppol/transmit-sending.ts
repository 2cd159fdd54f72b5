// The Peppol worker's work (docs/peppol.md "Sending"): a queued sending is drawn as the UBL of
// `?format=peppol`, handed to the access point under the sending's id as its idempotency key, and
// recorded with the transmission id and the bytes' SHA-256; then its status is asked for until the
// network reports it delivered or failed. A refusal is final; an access point that does not answer
// leaves the sending queued for the worker's next attempt.
import { createHash } from 'node:crypto';
import { invoiceWithOrganization } from '#shared/data/invoices';
import { peppolUnreachable } from '#shared/domain/errors';
import { isFinal, type PeppolSending } from '#shared/domain/peppol-sending';
import { parsePeppolParticipant, type PeppolParticipant } from '#shared/domain/peppol-participant';
import { logoText } from '#shared/documents/render-requests';
import type { DocumentRenderer } from '#shared/documents/renderer';
import type { InvoicingDeps } from '#shared/invoicing/deps';
import type { PeppolGateway } from '#shared/peppol/gateway';
import { recordPeppolStatus } from '#shared/peppol/record-peppol-status';

/** A later look at one sending's status, `attempt` counting the looks so far. */
export type PeppolCheck = {
  kind: 'check';
  organization_id: string;
  document: { kind: 'invoice'; id: string };
  sending_id: string;
  attempt: number;
  correlation_id?: string;
};

export type TransmitDeps = InvoicingDeps & {
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

/** Transmits each sending of the invoice still queued without a transmission; answers how many it handed over. */
export async function transmitQueued(
  deps: TransmitDeps,
  organizationId: string,
  invoiceId: string,
  correlationId?: string,
): Promise<number> {
  const found = await invoiceWithOrganization(deps.db, organizationId, invoiceId);
  if (!found) return 0;
  const { invoice, organization, logo } = found;
  const waiting = (invoice.peppol_sendings ?? []).filter(
    (sending) => sending.status === 'queued' && !sending.transmission_id,
  );
  let transmitted = 0;
  for (const sending of waiting) {
    const file = await deps.renderer.render({
      kind: 'invoice-e-invoice',
      format: 'peppol',
      invoice,
      logo: logoText(logo),
      publicBaseUrl: deps.publicBaseUrl,
    });
    const xml = typeof file.content === 'string' ? file.content : Buffer.from(file.content).toString('utf8');
    const sha256 = createHash('sha256').update(xml, 'utf8').digest('hex');
    const sender = invoice.seller?.peppol_id;
    if (!sender) throw peppolUnreachable('The invoice names no seller peppol_id');
    const result = await deps.peppol.submit({
      sender: participant(sender),
      receiver: participant(sending.to),
      documentType: 'invoice',
      xml,
      idempotencyKey: sending.id,
      country: invoice.seller?.address?.country ?? organization.address?.country ?? 'ZZ',
      organizationId,
    });
    if (result.outcome === 'refused') {
      await recordPeppolStatus(deps, organizationId, invoiceId, sending.id, {
        status: 'failed',
        reason: result.reason,
        sha256,
      });
      continue;
    }
    const recorded = await recordPeppolStatus(deps, organizationId, invoiceId, sending.id, {
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
          document: { kind: 'invoice', id: invoiceId },
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
  const found = await invoiceWithOrganization(deps.db, check.organization_id, check.document.id);
  const sending = found?.invoice.peppol_sendings?.find((entry) => entry.id === check.sending_id);
  if (!sending || isFinal(sending.status) || !sending.transmission_id) return sending;
  const report = await deps.peppol.status(sending.transmission_id);
  const recorded =
    (report &&
      (await recordPeppolStatus(deps, check.organization_id, check.document.id, sending.id, {
        status: report.status,
        ...(report.status === 'failed' ? { reason: report.reason } : {}),
      }))) ||
    sending;
  if (!isFinal(recorded.status) && check.attempt + 1 < MAX_CHECKS)
    await deps.scheduleCheck({ ...check, attempt: check.attempt + 1 }, delayOf(deps, check.attempt + 1));
  return recorded;
}

/** A sending the access point stayed unavailable for, through every attempt: failed, saying so. */
export const giveUp = (
  deps: InvoicingDeps,
  organizationId: string,
  invoiceId: string,
  sending: Pick<PeppolSending, 'id'>,
  why: string,
) => recordPeppolStatus(deps, organizationId, invoiceId, sending.id, { status: 'failed', reason: why });
