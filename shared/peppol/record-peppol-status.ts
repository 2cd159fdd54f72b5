// Recording where a Peppol sending stands: the worker's outcome of a transmission, a status it asked
// for, or a report of the access point. The sending only moves forward (shared/domain/peppol-sending.ts);
// each move announces its event, and the first transmission id is kept beside, so that reports that
// name only it find the sending.
import { transmissionPart } from '#shared/data/peppol-transmissions';
import { advanced, type PeppolDocument, type PeppolSending } from '#shared/domain/peppol-sending';
import type { InvoicingDeps } from '#shared/invoicing/deps';
import { changeSendings } from '#shared/peppol/peppol-documents';

export type PeppolReport = Parameters<typeof advanced>[1];

/** The sending as it stands after the report (unchanged where the report moved nothing), or undefined where there is none. */
export async function recordPeppolStatus(
  deps: InvoicingDeps,
  organizationId: string,
  document: PeppolDocument,
  sendingId: string,
  report: PeppolReport,
  now = new Date(),
): Promise<PeppolSending | undefined> {
  const sendings = await changeSendings(
    deps,
    organizationId,
    document,
    (current) => {
      const sending = current.find((entry) => entry.id === sendingId);
      const next = sending && advanced(sending, report, now);
      if (!sending || !next) return undefined;
      const newTransmission = next.transmission_id && !sending.transmission_id ? next.transmission_id : undefined;
      return {
        sendings: current.map((entry) => (entry.id === sendingId ? next : entry)),
        announce: next.status === sending.status ? undefined : next.status,
        sending: next,
        parts: {
          transmission: newTransmission
            ? transmissionPart(deps.db, newTransmission, {
                organization_id: organizationId,
                document,
                sending_id: sendingId,
              })
            : undefined,
        },
      };
    },
    now,
  );
  return sendings.find((entry) => entry.id === sendingId);
}
