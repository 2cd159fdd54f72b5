// The e-invoice reader: a received file read, checked with the official rules and kept beside its
// original, for the inbox's routes and workers that invoke it (functions/topology.ts E_INVOICE_READER).
import { incomingStore } from '#shared/aws/incoming-store';
import { rendererConfig } from '#shared/config';
import { readAndKeep, type ReadRequest } from '#shared/e-invoice-reader/read-and-keep';
import { invokedWorker } from '#shared/workers/invoked-worker';

const { LOG_LEVEL } = rendererConfig();
const store = incomingStore();

export const handler = invokedWorker('read-e-invoice', { logLevel: LOG_LEVEL }, async (request: ReadRequest) =>
  readAndKeep(store, request),
);
