// The Peppol gateway: discovery, submission and status at the deployment's access point, for the
// Peppol routes and the sending worker that invoke it (functions/topology.ts PEPPOL_GATEWAY). The only
// function with the access point's key; it reads no table.
import { peppolGatewayConfig } from '#shared/config';
import { configuredAccessPoint } from '#shared/peppol/configured-access-point';
import type { PeppolGatewayRequest } from '#shared/peppol/gateway-requests';
import { peppolGatewayWork } from '#shared/peppol/gateway-work';
import { invokedWorker } from '#shared/workers/invoked-worker';

const settings = peppolGatewayConfig();
const accessPoint = await configuredAccessPoint(settings);

export const handler = invokedWorker(
  'peppol-gateway',
  { logLevel: settings.LOG_LEVEL },
  (request: PeppolGatewayRequest) => peppolGatewayWork(accessPoint, request),
);
