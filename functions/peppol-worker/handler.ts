// The Peppol queue → the access point: queued sendings transmitted, and their status looked at until
// the network reports them delivered or failed (shared/peppol/peppol-work.ts).
import { archiveStore } from '#shared/aws/archive-store';
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { sqsClient } from '#shared/aws/sqs';
import { config, required } from '#shared/config';
import { correlated, createDb } from '#shared/data/table';
import { systemActor } from '#shared/domain/actor';
import { configuredRenderer } from '#shared/documents/renderer';
import { traced } from '#shared/observability/tracing';
import { configuredPeppolGateway } from '#shared/peppol/gateway';
import { type PeppolMessage, peppolWork } from '#shared/peppol/peppol-work';
import { peppolMessage } from '#shared/workers/messages';
import { queueWorker } from '#shared/workers/queue-worker';
import { QUEUES } from '#functions/topology';

const settings = config();
const table = createDb(settings.TABLE_NAME, traced);
const sqs = traced(sqsClient());
const queueUrl = required(settings, 'PEPPOL_QUEUE_URL');
const shared = {
  publicBaseUrl: settings.PUBLIC_BASE_URL,
  peppol: configuredPeppolGateway(),
  renderer: configuredRenderer(),
  archive: archiveStore(),
  sqs,
  queueUrl,
  maxReceives: QUEUES.peppol.maxReceiveCount,
  checkSeconds: settings.PEPPOL_CHECK_SECONDS,
  scheduleCheck: async (check: object, delaySeconds: number) => {
    await sqs.send(
      new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(check), DelaySeconds: delaySeconds }),
    );
  },
};

export const handler = queueWorker(
  'peppol-worker',
  {
    logLevel: settings.LOG_LEVEL,
    message: peppolMessage,
    correlationOf: (message) => ('detail' in message ? message.detail.correlation_id : message.correlation_id),
  },
  async (message, { correlationId, record, log }) => {
    const db = correlated(table, correlationId, systemActor('peppol-worker'));
    const outcome = await peppolWork({ ...shared, db }, message as PeppolMessage, record);
    log.info('peppol message', { kind: 'detail' in message ? 'queued' : 'check', outcome });
    return outcome;
  },
);
