// The Peppol gateway: discovery, submission and status at the deployment's access point, for the
// Peppol routes and the sending worker that invoke it (functions/topology.ts PEPPOL_GATEWAY), and the
// documents the access point received, kept in the incoming bucket and queued for the Peppol
// receiver. The only function with the access point's key; it reads no table.
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { incomingStore } from '#shared/aws/incoming-store';
import { sqsClient } from '#shared/aws/sqs';
import { peppolGatewayConfig } from '#shared/config';
import { configuredAccessPoint } from '#shared/peppol/configured-access-point';
import type { PeppolGatewayRequest } from '#shared/peppol/gateway-requests';
import { peppolGatewayWork } from '#shared/peppol/gateway-work';
import { arrivalKeeper } from '#shared/peppol/keep-arrival';
import { traced } from '#shared/observability/tracing';
import { invokedWorker } from '#shared/workers/invoked-worker';

const settings = peppolGatewayConfig();
const accessPoint = await configuredAccessPoint(settings);
const queueUrl = settings.PEPPOL_INCOMING_QUEUE_URL;
const sqs = traced(sqsClient());
// The stack always gives the queue (infra/constructs/inbound-peppol.ts); a sending-only local setup may not.
const keep =
  queueUrl &&
  arrivalKeeper(accessPoint.name, incomingStore(), async (message) => {
    await sqs.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(message) }));
  });

export const handler = invokedWorker(
  'peppol-gateway',
  { logLevel: settings.LOG_LEVEL },
  (request: PeppolGatewayRequest) => peppolGatewayWork(accessPoint, request, keep || undefined),
);
