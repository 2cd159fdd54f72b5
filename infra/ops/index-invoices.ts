// `npm run index-invoices -- <organization_id>`: writes the search terms of every invoice of one
// organization, for invoices stored before search existed. Running it again changes nothing.
// Against AWS: set TABLE_NAME to the stack's TableName output (and the usual AWS credentials and
// region). Without TABLE_NAME it uses the running `npm run dev` (DEV_STATE_DIR, default .local).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCAL_CREDENTIALS } from '#infra/local/emulators';

const [organizationId, ...rest] = process.argv.slice(2);
if (!organizationId || rest.length > 0) {
  console.error('Usage: npm run index-invoices -- <organization_id>');
  process.exit(1);
}
if (!process.env.TABLE_NAME) {
  const dev = JSON.parse(readFileSync(join(process.env.DEV_STATE_DIR ?? '.local', 'dev.json'), 'utf8')) as {
    dynamodb_endpoint: string;
    table_name: string;
  };
  Object.assign(process.env, LOCAL_CREDENTIALS, {
    TABLE_NAME: dev.table_name,
    AWS_ENDPOINT_URL_DYNAMODB: dev.dynamodb_endpoint,
  });
}
const { createDb } = await import('#shared/data/table');
const { indexInvoices } = await import('#shared/invoicing/index-invoices');
const result = await indexInvoices(createDb(process.env.TABLE_NAME!), organizationId);
console.log(`${organizationId}: ${result.terms} search term(s) of ${result.invoices} invoice(s) written`);
