// `npm run index-invoices -- <organization_id>`: writes the search terms of every invoice of one
// organization, for invoices stored before search existed. Running it again changes nothing.
// Against AWS: set TABLE_NAME to the stack's TableName output (and the usual AWS credentials and
// region). Without TABLE_NAME it uses the running `npm run dev` (DEV_STATE_DIR, default .local).
import { targetTable } from '#infra/ops/table-target';

const [organizationId, ...rest] = process.argv.slice(2);
if (!organizationId || rest.length > 0) {
  console.error('Usage: npm run index-invoices -- <organization_id>');
  process.exit(1);
}
const table = targetTable();
const { createDb } = await import('#shared/data/table');
const { indexInvoices } = await import('#shared/invoicing/index-invoices');
const result = await indexInvoices(createDb(table), organizationId);
console.log(`${organizationId}: ${result.terms} search term(s) of ${result.invoices} invoice(s) written`);
