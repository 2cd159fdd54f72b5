// The incoming-peppol queue → the inbox: each document the Peppol gateway kept for its access point's
// arrival, into the organization that receives as its participant (shared/inbox/receive-peppol.ts).
import { archiveStore } from '#shared/aws/archive-store';
import { incomingStore } from '#shared/aws/incoming-store';
import { config } from '#shared/config';
import { correlated, createDb } from '#shared/data/table';
import { systemActor } from '#shared/domain/actor';
import { configuredReader } from '#shared/e-invoice-reader/reader';
import { receivePeppolArrival } from '#shared/inbox/receive-peppol';
import { traced } from '#shared/observability/tracing';
import { configuredPeppolGateway } from '#shared/peppol/gateway';
import { peppolArrivalMessage } from '#shared/workers/messages';
import { queueWorker } from '#shared/workers/queue-worker';

const settings = config();
const table = createDb(settings.TABLE_NAME, traced);
const shared = {
  store: incomingStore(),
  reader: configuredReader(),
  archive: archiveStore(),
  peppol: configuredPeppolGateway(),
  publicBaseUrl: settings.PUBLIC_BASE_URL,
};

export const handler = queueWorker(
  'peppol-receiver',
  { logLevel: settings.LOG_LEVEL, message: peppolArrivalMessage },
  async (message, { log }) => {
    const db = correlated(table, undefined, systemActor('peppol-receiver'));
    const received = await receivePeppolArrival({ ...shared, db }, message);
    log.info('peppol document received', {
      access_point: message.access_point,
      message_id: message.message_id,
      organization_id: received.organization_id,
      incoming_invoice_id: received.invoice.id,
      created: received.created,
    });
  },
);
