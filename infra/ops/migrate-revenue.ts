// `npm run migrate-revenue -- <organization_id>`: moves one organization's revenue aggregates from
// where they were kept before (beside its invoices) into their own partition, adding them to what
// events added since. Run once per organization after deploying; running it again moves nothing.
import { targetTable } from '#infra/ops/table-target';

const [organizationId, ...rest] = process.argv.slice(2);
if (!organizationId || rest.length > 0) {
  console.error('Usage: npm run migrate-revenue -- <organization_id>');
  process.exit(1);
}
const table = targetTable();
const { createDb } = await import('#shared/data/table');
const { moveFormerRevenue } = await import('#shared/data/revenue');
const moved = await moveFormerRevenue(createDb(table), organizationId);
console.log(`${organizationId}: ${moved} month(s) of revenue aggregates moved`);
