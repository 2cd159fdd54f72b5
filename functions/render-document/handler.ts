// The document renderer: PDFs, e-invoices and invoice e-mails, drawn for the routes and workers that
// invoke it (functions/topology.ts DOCUMENT_RENDERER). It reads no table and holds no secret.
import { rendererConfig } from '#shared/config';
import { renderDocument } from '#shared/documents/render';
import { fileAnswer, type RenderRequest } from '#shared/documents/render-requests';
import { invokedWorker } from '#shared/workers/invoked-worker';

const { LOG_LEVEL } = rendererConfig();

export const handler = invokedWorker('render-document', { logLevel: LOG_LEVEL }, async (request: RenderRequest) =>
  fileAnswer(await renderDocument(request)),
);
