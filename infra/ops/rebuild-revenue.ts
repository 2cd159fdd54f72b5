// `npm run rebuild-revenue -- <organization_id> [--apply]`: recomputes one organization's revenue
// aggregates from its invoices and payments and prints every difference from the stored ones;
// `--apply` writes the recomputed ones. Against AWS: set TABLE_NAME to the stack's TableName output
// (and the usual AWS credentials and region). Without TABLE_NAME it uses the running `npm run dev`
// (DEV_STATE_DIR, default .local).
// Exit status: 0 when nothing differs or the differences were applied, 3 when they were only shown.
import { targetTable } from '#infra/ops/table-target';

const args = process.argv.slice(2);
const organizationId = args.find((arg) => !arg.startsWith('--'));
if (!organizationId || args.some((arg) => arg.startsWith('--') && arg !== '--apply')) {
  console.error('Usage: npm run rebuild-revenue -- <organization_id> [--apply]');
  process.exit(1);
}
const table = targetTable();
const { createDb } = await import('#shared/data/table');
const { rebuildRevenue } = await import('#shared/reports/rebuild');
const result = await rebuildRevenue(createDb(table), organizationId, {
  apply: args.includes('--apply'),
});
for (const difference of result.differences) {
  console.log(
    `${difference.currency} ${difference.month} ${difference.field}: ` +
      `stored ${difference.stored}, recomputed ${difference.expected}`,
  );
}
console.log(
  `${organizationId}: ${result.buckets} month(s) recomputed, ${result.differences.length} difference(s)` +
    (result.applied ? ', replaced by the recomputed aggregates' : ''),
);
process.exit(result.differences.length > 0 && !result.applied ? 3 : 0);
