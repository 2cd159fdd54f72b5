// The access point's doorbell: a report is waiting. Whatever the request says, the reports are read
// from the access point with the deployment's key and applied (shared/peppol/apply-reports.ts), so a
// forged or replayed call moves nothing.
import { config } from '#shared/config';
import { correlated } from '#shared/data/table';
import { systemActor } from '#shared/domain/actor';
import { publicEndpoint } from '#shared/http/endpoint';
import { statusRouteParams } from '#shared/http/schemas/peppol';
import { applyReports } from '#shared/peppol/apply-reports';
import { configuredPeppolGateway } from '#shared/peppol/gateway';
import { route } from '#functions/peppol-status/route';

const { PUBLIC_BASE_URL } = config();
const peppol = configuredPeppolGateway();

export const handler = publicEndpoint(route, { params: statusRouteParams }, async ({ db, params, requestId }) => {
  const deps = { db: correlated(db, requestId, systemActor('peppol-status')), publicBaseUrl: PUBLIC_BASE_URL, peppol };
  return { status: 200, body: await applyReports(deps, params.adapter) };
});
