// A bank statement uploaded as the body (camt.053/054 or MT940): read whole and kept, 202 with the
// import job; the statement worker books its entries (docs/reconciliation.md).
import { archiveStore } from '#shared/aws/archive-store';
import { config } from '#shared/config';
import { bankStatementResource } from '#shared/domain/resources/bank-statement';
import { endpoint } from '#shared/http/endpoint';
import { statementFile } from '#shared/http/schemas/bank-statements';
import { importBankStatement, type StatementFile } from '#shared/reconciliation/import-bank-statement';
import { route } from '#functions/import-bank-statement/route';

const { PUBLIC_BASE_URL } = config();
const archive = archiveStore();

export const handler = endpoint(route, { file: statementFile }, async ({ db, organizationId, file }) => {
  const upload = { bytes: file!.bytes, mediaType: file!.mediaType as StatementFile['mediaType'] };
  const job = await importBankStatement({ db, archive, publicBaseUrl: PUBLIC_BASE_URL }, organizationId, upload);
  return { status: 202, body: bankStatementResource(job) };
});
