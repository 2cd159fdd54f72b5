// The access point's delivery reports, applied to the sendings they are about. A report is only ever
// read from the access point itself, with the deployment's key (the status route is a doorbell, its
// body never trusted), and names the sending only by its transmission id, kept with the sending: a
// report of a transmission that is none of ours, or of another deployment's, finds nothing.
import { getTransmission } from '#shared/data/peppol-transmissions';
import type { InvoicingDeps } from '#shared/invoicing/deps';
import type { PeppolGateway } from '#shared/peppol/gateway';
import { recordPeppolStatus } from '#shared/peppol/record-peppol-status';

export async function applyReports(
  deps: InvoicingDeps & { peppol: PeppolGateway },
  accessPoint: string,
): Promise<{ reports: number; applied: number }> {
  const reports = await deps.peppol.reports(accessPoint);
  let applied = 0;
  for (const report of reports) {
    const transmission = await getTransmission(deps.db, report.transmissionId);
    if (!transmission) continue;
    const recorded = await recordPeppolStatus(
      deps,
      transmission.organization_id,
      transmission.document,
      transmission.sending_id,
      { status: report.status, ...(report.status === 'failed' ? { reason: report.reason } : {}) },
    );
    if (recorded?.status === report.status) applied += 1;
  }
  return { reports: reports.length, applied };
}
