// Recording where a Peppol sending stands: the worker's outcome of a transmission, a status it asked
// for, or a report of the access point. The sending only moves forward (shared/domain/peppol-sending.ts);
// each move announces its event, and the first transmission id is kept beside, so that reports that
// name only it find the sending.
import { unchanged } from '#shared/data/change';
import { transmissionPart } from '#shared/data/peppol-transmissions';
import type { EventType } from '#shared/domain/events';
import { advanced, PEPPOL_EVENTS, type PeppolSending, peppolSendingResource } from '#shared/domain/peppol-sending';
import { changeInvoice } from '#shared/invoicing/change-invoice';
import type { InvoicingDeps } from '#shared/invoicing/deps';

export type PeppolReport = Parameters<typeof advanced>[1];

/** The sending as it stands after the report (unchanged where the report moved nothing), or undefined where there is none. */
export async function recordPeppolStatus(
  deps: InvoicingDeps,
  organizationId: string,
  invoiceId: string,
  sendingId: string,
  report: PeppolReport,
  now = new Date(),
): Promise<PeppolSending | undefined> {
  return changeInvoice(
    deps,
    organizationId,
    invoiceId,
    (current) => {
      const sending = current.peppol_sendings?.find((entry) => entry.id === sendingId);
      const next = sending && advanced(sending, report, now);
      if (!sending || !next) return unchanged(sending);
      const newTransmission = next.transmission_id && !sending.transmission_id ? next.transmission_id : undefined;
      return {
        invoice: {
          ...current,
          peppol_sendings: current.peppol_sendings!.map((entry) => (entry.id === sendingId ? next : entry)),
        },
        events: next.status === sending.status ? [] : [PEPPOL_EVENTS.invoice[next.status] as EventType],
        eventData: { sending: peppolSendingResource(next) },
        parts: {
          transmission: newTransmission
            ? transmissionPart(deps.db, newTransmission, {
                organization_id: organizationId,
                document: { kind: 'invoice', id: invoiceId },
                sending_id: sendingId,
              })
            : undefined,
        },
      };
    },
    now,
  ).then((result) => {
    if (!result || !('ok' in result)) return result;
    if (!result.ok) throw new Error(`unexpected failed condition: ${result.failed}`);
    return result.invoice.peppol_sendings?.find((entry) => entry.id === sendingId);
  });
}
