// Documents: each kind against the invoice PDF, drawn in this process; the hop to the renderer
// (through the laptop's Lambda endpoint, as the routes call it) against drawing here; the renderer's
// cold start against the floor, which is what the document routes no longer pay at theirs.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { startApiProcess } from '#bench/api-process';
import { bundleHandler } from '#bench/bundle';
import { coldRun } from '#bench/cold';
import { type BenchContext, OUT, ownerToken, PAIRS } from '#bench/context';
import { type Interleaved, interleaved, interleavedMany } from '#bench/interleaved';
import type { Rows } from '#bench/rows';
import { DOCUMENT_RENDERER } from '#functions/topology';
import { assetCommands } from '#infra/constructs/service-function';
import { freePort, startSesEmulator } from '#infra/local/emulators';
import { invokerFor } from '#shared/aws/lambda';
import { creditNoteWithOrganization } from '#shared/data/credit-notes';
import { invoiceWithOrganization } from '#shared/data/invoices';
import { logoText, type RenderRequest } from '#shared/documents/render-requests';
import { documentRenderer } from '#shared/documents/renderer';
import { E_INVOICE_FORMATS } from '#shared/domain/e-invoice-format';
import { austrianSeller, euInvoice, frenchBuyer } from '#test/support/eu-invoice';

type Draw = () => Promise<number>;

/** Milliseconds per document, over five drawn one after another. */
const perDocument =
  (draw: () => Promise<unknown>): Draw =>
  async () => {
    const started = performance.now();
    for (let i = 0; i < 5; i++) await draw();
    return (performance.now() - started) / 5;
  };

export async function documents(context: BenchContext): Promise<void> {
  const { pairedRow } = context.rows;
  // Issuing the invoice sends it: the API process gets the SES emulator as its mail service.
  const ses = await startSesEmulator(await freePort());
  process.env.AWS_ENDPOINT_URL_SES = ses.endpoint;
  const api = await startApiProcess(context.apiPort);
  const { invoicePdf, kinds } = renderRequests(await issueDocuments(context, api.url), context.apiPort);
  const { renderDocument } = await import('#shared/documents/render');
  const drawnHere = (request: RenderRequest) => perDocument(() => renderDocument(request));
  await kindRows(context.rows, drawnHere, invoicePdf, kinds);
  const renderer = documentRenderer(
    invokerFor({ ...process.env, AWS_ENDPOINT_URL_LAMBDA: api.lambdaEndpoint }),
    DOCUMENT_RENDERER.handler,
  );
  const hop = await interleaved(
    drawnHere(invoicePdf),
    perDocument(() => renderer.render(invoicePdf)),
    { pairs: PAIRS },
  );
  pairedRow(
    'document renderer: invoice PDF through the Lambda endpoint vs drawn in process',
    'ms',
    hop,
    'reported',
    true,
  );
  await api.stop();
  await ses.stop();
  await rendererColdStart(context.rows, invoicePdf, hop);
}

/** An invoice of an Austrian seller to a French buyer, issued and sent, and a credit note of it. */
async function issueDocuments(context: BenchContext, apiUrl: string) {
  const { db } = context;
  const tenant = context.tenants[0]!;
  const token = await ownerToken(context);
  const send = async (method: string, path: string, body: unknown, credential = tenant.apiKey) => {
    const answer = await fetch(`${apiUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${credential}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await answer.json()) as { id: string };
    if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(json)}`);
    return json;
  };
  // With both parties' Peppol ids, so that every format, `peppol` included, can be drawn.
  const seller = { ...austrianSeller, default_currency: 'EUR', peppol_id: '9914:ATU13585627' };
  await send('PATCH', '/api/v1/organizations/me/', seller, token);
  const buyer = await send('POST', '/api/v1/clients/', { ...frenchBuyer, peppol_id: '0009:30326504500017' });
  const issued = await send('POST', '/api/v1/invoices/', {
    client: buyer.id,
    issue_date: '2026-11-02',
    due_date: '2026-12-02',
    buyer_reference: '991-01234-44',
    ...euInvoice(),
  });
  await send('POST', `/api/v1/invoices/${issued.id}/send/`, {});
  const note = await send('POST', `/api/v1/invoices/${issued.id}/credit-notes/`, {
    lines: [{ line: 0, quantity: 1 }],
    reason: 'order_change',
  });
  const found = (await invoiceWithOrganization(db, tenant.id, issued.id))!;
  const foundNote = (await creditNoteWithOrganization(db, tenant.id, note.id))!;
  return { found, foundNote };
}

/** The invoice PDF, and every other kind of document by its row's label. */
function renderRequests({ found, foundNote }: Awaited<ReturnType<typeof issueDocuments>>, apiPort: number) {
  const letterhead = { logo: logoText(found.logo), publicBaseUrl: `http://127.0.0.1:${apiPort}` };
  const invoicePdf: RenderRequest = { kind: 'invoice-pdf', invoice: found.invoice, ...letterhead };
  const kinds: [string, RenderRequest][] = [
    ...E_INVOICE_FORMATS.map((format): [string, RenderRequest] => [
      `e-invoice ${format}`,
      { kind: 'invoice-e-invoice', format, invoice: found.invoice, ...letterhead },
    ]),
    ['credit note PDF', { kind: 'credit-note-pdf', creditNote: foundNote.creditNote, ...letterhead }],
    [
      'credit note e-invoice ubl',
      { kind: 'credit-note-e-invoice', format: 'ubl', creditNote: foundNote.creditNote, ...letterhead },
    ],
    [
      'invoice e-mail (MIME, PDF attached)',
      {
        kind: 'invoice-email',
        invoice: found.invoice,
        overdueDays: 0,
        reminder: false,
        payOnline: false,
        mail: { from: 'Invoices <invoices@example.com>', to: 'compta@sgt.example' },
        ...letterhead,
      },
    ],
  ];
  return { invoicePdf, kinds };
}

// One pair: the invoice PDF, then every kind in turn; each kind is read against the PDF of its pair.
async function kindRows(
  { pairedRow }: Rows,
  drawnHere: (request: RenderRequest) => Draw,
  invoicePdf: RenderRequest,
  kinds: [string, RenderRequest][],
) {
  const drawnKinds = await interleavedMany(
    async () => {
      const pdf = await drawnHere(invoicePdf)();
      return Object.fromEntries(kinds.map(([label]) => [label, pdf]));
    },
    async () => {
      const times: Record<string, number> = {};
      for (const [label, request] of kinds) times[label] = await drawnHere(request)();
      return times;
    },
    { pairs: PAIRS },
  );
  for (const [label] of kinds) {
    const drawn = drawnKinds[label]!;
    pairedRow(`document: ${label} vs the invoice PDF, drawn in process`, 'ms', drawn, 'reported', true);
  }
}

/** The renderer's cold start, with its fonts beside it as the stack deploys it. */
/** Half the renderer's cold start when its target was set (5.03× the client-only floor, 564 ms). */
const RENDERER_COLD_TARGET = 2.5;

async function rendererColdStart({ pairedRow, row }: Rows, invoicePdf: RenderRequest, hop: Interleaved) {
  const rendererFile = join(OUT, 'render-document', 'index.mjs');
  const rendererSize = await bundleHandler(`functions/${DOCUMENT_RENDERER.handler}/handler.ts`, rendererFile);
  execFileSync('sh', ['-c', assetCommands(process.cwd(), join(OUT, 'render-document')).join(' && ')]);
  row('bundle size: render-document (the document renderer)', rendererSize / 1024, 0, 'KB', '—', true);
  const floorFile = join(OUT, 'documents-floor.mjs');
  await bundleHandler('bench/floor-handler.ts', floorFile);
  const cold = await interleavedMany(
    () => coldRun(floorFile, {}),
    () => coldRun(rendererFile, JSON.parse(JSON.stringify(invoicePdf))),
    { pairs: PAIRS },
  );
  pairedRow(
    'cold start (process, import + first invoice PDF): render-document vs node + client-only bundle',
    'ms',
    cold.wall,
    `≤ ${RENDERER_COLD_TARGET}× (half of 5.03×)`,
    cold.wall.ratio <= RENDERER_COLD_TARGET,
  );
  // What a document route saved at its cold start against what the hop adds to each of its calls.
  const saved = cold.wall.subject - cold.wall.floor;
  const added = hop.subject - hop.floor;
  row(
    'document renderer: added latency of the hop (warm) vs the cold start a document route no longer pays',
    added,
    saved,
    'ms',
    '< 1×',
    added < saved,
  );
}
