// `npm run index-client-names -- <organization_id>`: files every client of one organization under its
// name, for clients stored before bank transfers were matched by the payer's name. Running it again
// changes nothing. Against AWS: set TABLE_NAME to the stack's TableName output (and the usual AWS
// credentials and region). Without TABLE_NAME it uses the running `npm run dev` (DEV_STATE_DIR, default .local).
import { targetTable } from '#infra/ops/table-target';

const [organizationId, ...rest] = process.argv.slice(2);
if (!organizationId || rest.length > 0) {
  console.error('Usage: npm run index-client-names -- <organization_id>');
  process.exit(1);
}
const table = targetTable();
const { createDb } = await import('#shared/data/table');
const { indexClientNames } = await import('#shared/clients/index-client-names');
const clients = await indexClientNames(createDb(table), organizationId);
console.log(`${organizationId}: ${clients} client(s) filed under their names`);
