// Peppol sendings through the worker's work (read the invoice, have the UBL drawn by the renderer,
// submit it through the Peppol gateway, record the transmission) against the same UBL posted raw to
// the local access point. Both reach the same stand-in, which checks every document with the
// OpenPeppol rules, so the ratio is what the service adds around the transmission. The DynamoDB
// requests of one sending are counted on the worker's table handle.
import { randomUUID } from 'node:crypto';
import { type BenchContext, countedDb, REFERENCE_PAIRS } from '#bench/context';
import { interleaved } from '#bench/interleaved';
import { startLambdaEndpoint } from '#infra/local/lambda-endpoint';
import {
  LOCAL_PEPPOL_KEYS,
  localGatewayEnvironment,
  MADE_UP_PARTICIPANTS,
  startPeppolNetwork,
} from '#infra/local/peppol-network';
import { PEPPOL_GATEWAY } from '#functions/topology';
import { invokerFor } from '#shared/aws/lambda';
import { createClient } from '#shared/clients/create-client';
import { documentRenderer } from '#shared/documents/renderer';
import { type ArchiveStore, archiveStore } from '#shared/aws/archive-store';
import { createInvoice } from '#shared/invoicing/create-invoice';
import { updateOrganization } from '#shared/organizations/update-organization';
import { peppolGateway } from '#shared/peppol/gateway';
import { sendInvoiceByPeppol } from '#shared/peppol/send-invoice-by-peppol';
import { idempotencyGuid } from '#shared/peppol/storecove';
import { transmitQueued } from '#shared/peppol/transmit-sending';
import { getInvoice } from '#shared/data/invoices';
import { createInvoiceBody, newInvoiceContent } from '#shared/http/schemas/invoices';

/** Sendings per measurement: each is one document through the OpenPeppol rules (tens of milliseconds). */
const SENDINGS = 4;

type Deps = Parameters<typeof transmitQueued>[0] & { peppol: ReturnType<typeof peppolGateway>; archive: ArchiveStore };

/** A seller and a buyer on the network, and a maker of invoices queued for Peppol between them. */
async function queuedSendings(context: BenchContext, deps: Deps, organizationId: string) {
  await updateOrganization(context.db, organizationId, {
    legal_name: 'Bench Seller GmbH',
    address: { line1: 'Hauptstraße 1', city: 'Berlin', postal_code: '10115', country: 'DE' },
    tax_id: 'DE136695976',
    peppol_id: '9930:DE136695976',
    payment_instructions: { iban: 'DE89370400440532013000' },
  });
  const client = await createClient(context.db, organizationId, {
    name: 'Brasserie Lumière',
    email: 'factures@lumiere.example',
    country: 'BE',
    tax_id: 'BE0123456749',
    peppol_id: '0208:0123456749',
  });
  return async () => {
    const body = createInvoiceBody.parse({
      client: client.id,
      buyer_reference: 'PO-BENCH',
      line_items: [{ description: 'Beratung', quantity: 2, unit_price: '450.00', tax_rate: '19' }],
    });
    const invoice = await createInvoice(deps, organizationId, newInvoiceContent(body));
    await sendInvoiceByPeppol(deps, organizationId, invoice.id);
    return invoice.id;
  };
}

/** One submission of `document` (base64 UBL) posted straight to the local Storecove. */
const rawSubmission = (storecoveUrl: string, document: string) => async () => {
  const answer = await fetch(`${storecoveUrl}/document_submissions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${LOCAL_PEPPOL_KEYS.storecoveApiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      legalEntityId: 1,
      idempotencyGuid: idempotencyGuid(randomUUID()),
      routing: { eIdentifiers: [{ scheme: 'BE:EN', id: '0123456749' }], emails: [] },
      document: { documentType: 'invoice', rawDocumentData: { document, parse: true, parseStrategy: 'ubl' } },
    }),
  });
  if (answer.status !== 200) throw new Error(`the raw submission answered ${answer.status}`);
};

const perSecond = async (run: () => Promise<unknown>, count: number) => {
  const started = performance.now();
  for (let i = 0; i < count; i += 1) await run();
  return count / ((performance.now() - started) / 1000);
};

export async function peppol(context: BenchContext): Promise<void> {
  const network = await startPeppolNetwork({
    participants: MADE_UP_PARTICIPANTS,
    ...LOCAL_PEPPOL_KEYS,
    legalEntities: [1],
    reportDelayMs: 3_600_000,
  });
  const lambda = await startLambdaEndpoint({
    environments: { [PEPPOL_GATEWAY.handler]: localGatewayEnvironment(network, 'storecove', { default: 1 }) },
  });
  try {
    const invoke = invokerFor({ ...process.env, AWS_ENDPOINT_URL_LAMBDA: lambda.endpoint });
    const counted = countedDb('peppol-bench');
    const deps: Deps = {
      db: context.db,
      publicBaseUrl: `http://127.0.0.1:${context.apiPort}`,
      peppol: peppolGateway(invoke, PEPPOL_GATEWAY.handler),
      renderer: documentRenderer(invoke, 'render-document'),
      archive: archiveStore(),
      scheduleCheck: async () => undefined,
      checkSeconds: 30,
    };
    const organizationId = context.tenants[0]!.id;
    const queued = await queuedSendings(context, deps, organizationId);
    // The UBL a raw submission posts: the worker's own document, drawn once.
    const sample = (await getInvoice(context.db, organizationId, await queued()))!;
    const ubl = await deps.renderer.render({
      kind: 'invoice-e-invoice',
      format: 'peppol',
      invoice: sample,
      publicBaseUrl: deps.publicBaseUrl,
    });
    const raw = rawSubmission(network.storecoveUrl, Buffer.from(String(ubl.content)).toString('base64'));
    const requests: number[] = [];
    const throughWorker = async () => {
      const ids = [];
      for (let i = 0; i < SENDINGS; i += 1) ids.push(await queued());
      const before = counted.calls;
      const started = performance.now();
      for (const id of ids) await transmitQueued({ ...deps, db: counted.db }, organizationId, { kind: 'invoice', id });
      requests.push((counted.calls - before) / SENDINGS);
      return SENDINGS / ((performance.now() - started) / 1000);
    };
    const measured = await interleaved(() => perSecond(raw, SENDINGS), throughWorker, { pairs: REFERENCE_PAIRS });
    const subject =
      'peppol: sendings per second through the worker vs the same UBL posted raw to the local access point';
    context.rows.pairedRow(subject, 'sendings/s', measured, '≥ 0.80×', measured.ratio >= 0.8);
    const perSending = Math.max(...requests);
    const perSendingRow = 'peppol: DynamoDB requests per Peppol sending (transmission)';
    context.rows.row(perSendingRow, perSending, 0, 'requests', '≤ 3', perSending <= 3);
  } finally {
    await lambda.stop();
    await network.stop();
  }
}
