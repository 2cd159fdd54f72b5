// Received e-invoices through the inbox's own operation (the original kept in the S3 emulator, the
// e-invoice reader invoked through the local Lambda API, the document stored with its event), against
// the official validator alone on the same XML in this process: what reading, keeping and storing
// add around the checks. Each upload is a new document (its number changes), so none is a duplicate.
// The Peppol row takes the same document the way an access point hands it over: in an SBD, kept by
// the gateway's keeping, then opened and routed by the Peppol receiver's operation (the queue between
// them is left out: it is the same on both sides of no comparison here).
import { archiveStore } from '#shared/aws/archive-store';
import { readFileSync } from 'node:fs';
import { S3Client } from '@aws-sdk/client-s3';
import { type BenchContext, REFERENCE_PAIRS } from '#bench/context';
import { interleaved } from '#bench/interleaved';
import { startS3Process } from '#bench/api-process';
import { createBucket, freePort, LOCAL_CREDENTIALS, readerEnvironment } from '#infra/local/emulators';
import { startLambdaEndpoint } from '#infra/local/lambda-endpoint';
import { E_INVOICE_READER } from '#functions/topology';
import { s3IncomingStore } from '#shared/aws/incoming-store';
import { invokerFor } from '#shared/aws/lambda';
import { eInvoiceReader } from '#shared/e-invoice-reader/reader';
import { validateEInvoices } from '#shared/e-invoice-rules/validator';
import { receiveIncomingInvoice } from '#shared/inbox/receive-incoming-invoice';
import { receivePeppolArrival } from '#shared/inbox/receive-peppol';
import { type ArrivalMessage, arrivalKeeper } from '#shared/peppol/keep-arrival';
import { updateOrganization } from '#shared/organizations/update-organization';
import { sbdOf } from '#infra/local/peppol-phoss-ap-inbound';

const BUCKET = 'invoicing-bench-incoming';
/** Uploads per measurement: each is one document through the schema, the CEN and the Peppol rules. */
const UPLOADS = 4;
const EXAMPLE = new URL('../../vendor/einvoicing/examples/peppol/base-example.xml', import.meta.url);

const perSecond = async (run: () => Promise<unknown>, count: number) => {
  const started = performance.now();
  for (let i = 0; i < count; i += 1) await run();
  return count / ((performance.now() - started) / 1000);
};

export async function inbox(context: BenchContext): Promise<void> {
  const s3Emulator = await startS3Process(await freePort());
  await createBucket(s3Emulator.url, BUCKET);
  const lambda = await startLambdaEndpoint({
    environments: { [E_INVOICE_READER.handler]: readerEnvironment(s3Emulator.url, BUCKET) },
  });
  try {
    const store = s3IncomingStore(
      BUCKET,
      new S3Client({
        endpoint: s3Emulator.url,
        forcePathStyle: true,
        region: LOCAL_CREDENTIALS.AWS_REGION,
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      }),
    );
    const invoke = invokerFor({ ...process.env, AWS_ENDPOINT_URL_LAMBDA: lambda.endpoint });
    const deps = {
      db: context.db,
      store,
      archive: archiveStore(),
      reader: eInvoiceReader(invoke, E_INVOICE_READER.handler),
      publicBaseUrl: `http://127.0.0.1:${context.apiPort}`,
    };
    const organizationId = context.tenants[0]!.id;
    const template = readFileSync(EXAMPLE, 'utf8');
    let next = 0;
    const fresh = () => template.replace(/<cbc:ID>[^<]*<\/cbc:ID>/, `<cbc:ID>BENCH-${(next += 1)}</cbc:ID>`);
    const upload = async () => {
      const bytes = Buffer.from(fresh());
      const { created } = await receiveIncomingInvoice(
        deps,
        organizationId,
        { bytes, media_type: 'application/xml', file_name: null },
        { channel: 'upload' },
      );
      if (!created) throw new Error('a bench upload was taken for a duplicate');
    };
    const validatorAlone = async () => {
      const { failed } = await validateEInvoices(new Map([['bench.xml', fresh()]]), { peppol: true });
      if (failed !== 0) throw new Error('the bench example fails the official rules');
    };
    // Warm both: the reader's first call loads the rules in its instance, this process's first run loads them here.
    await upload();
    await validatorAlone();
    const measured = await interleaved(
      () => perSecond(validatorAlone, UPLOADS),
      () => perSecond(upload, UPLOADS),
      {
        pairs: REFERENCE_PAIRS,
      },
    );
    context.rows.pairedRow(
      'inbox: uploads read, checked (schema, CEN, Peppol) and stored per second vs the validator alone on the same XML',
      'documents/s',
      measured,
      'stated',
      true,
    );

    await peppolArrivals(context, { deps, store, organizationId, fresh, validatorAlone });
  } finally {
    await lambda.stop();
    await s3Emulator.stop();
  }
}

type Arrivals = {
  deps: Parameters<typeof receiveIncomingInvoice>[0];
  store: ReturnType<typeof s3IncomingStore>;
  organizationId: string;
  fresh: () => string;
  validatorAlone: () => Promise<void>;
};

/** The Peppol row: each document in an SBD addressed to the organization's participant, as phoss-ap hands it over. */
async function peppolArrivals(context: BenchContext, { deps, store, organizationId, fresh, validatorAlone }: Arrivals) {
  let next = 0;
  // Peppol: the organization receives as a participant; each document arrives in an SBD addressed to it.
  const participant = '9930:DE999999999';
  await updateOrganization(context.db, organizationId, { peppol_id: participant });
  const queued: ArrivalMessage[] = [];
  const keep = arrivalKeeper('phoss-ap', store, async (message) => void queued.push(message));
  const peppolDeps = { ...deps, peppol: { acknowledge: async () => undefined } };
  const arrive = async () => {
    const messageId = `bench-arrival-${(next += 1)}`;
    const entry = {
      message_id: messageId,
      access_point: 'phoss-ap' as const,
      sender: '0088:9482348239847239874',
      receiver: participant,
      sha256: '',
      delivered_at: new Date().toISOString(),
      forwarded: null,
      c4_country: null,
    };
    const kept = await keep({
      messageId,
      document: sbdOf(entry, Buffer.from(fresh())),
      sender: entry.sender,
      receiver: participant,
    });
    const { created } = await receivePeppolArrival(peppolDeps, queued.pop() ?? kept);
    if (!created) throw new Error('a bench Peppol arrival was taken for a duplicate');
  };
  await arrive();
  const received = await interleaved(
    () => perSecond(validatorAlone, UPLOADS),
    () => perSecond(arrive, UPLOADS),
    { pairs: REFERENCE_PAIRS },
  );
  context.rows.pairedRow(
    'inbox: Peppol arrivals (an SBD kept, opened, routed to its organization, read, checked and stored) per second vs the validator alone',
    'documents/s',
    received,
    'stated',
    true,
  );
}
