// Revenue report latency with 100 and with 10 000 invoices in the organization (24 months, two
// currencies, half of them paid). Aggregates come from the rebuild: what the events would add up to.
import { putAll } from '#bench/bulk';
import { type BenchContext, PAIRS } from '#bench/context';
import { interleaved, median } from '#bench/interleaved';
import { seedOrganization } from '#infra/local/seed';
import { invoiceIndexKeys, invoiceKey, paymentKey } from '#shared/data/keys';
import { readRevenue } from '#shared/data/revenue';
import type { CorrelatedDb } from '#shared/data/table';
import { newId } from '#shared/domain/ids';
import { rebuildRevenue } from '#shared/reports/rebuild';

export async function revenue(context: BenchContext): Promise<void> {
  const { db } = context;
  const { pairedRow } = context.rows;
  const reportOrgs = await Promise.all([100, 10_000].map((count, index) => seedReportOrg(db, count, index)));
  const { startApiServer } = await import('#infra/local/api-server');
  const reportApi = await startApiServer({ port: context.apiPort });
  /** The median latency of `count` reports in a row for the organization of `apiKey`. */
  const reportLatency = async (apiKey: string, count = 10) => {
    const times: number[] = [];
    for (let n = 0; n < count; n++) {
      const started = performance.now();
      const response = await fetch(
        `${reportApi.url}/api/v1/reports/revenue/?period=monthly&start_date=2025-01-01&end_date=2026-12-31`,
        { headers: { authorization: `Bearer ${apiKey}` } },
      );
      if (response.status !== 200) throw new Error(`report: ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
      times.push(performance.now() - started);
    }
    return median(times);
  };
  const [smallKey, largeKey] = [reportOrgs[0]!.org.apiKey, reportOrgs[1]!.org.apiKey];
  for (const key of [smallKey, largeKey]) await reportLatency(key, 20);
  const reports = await interleaved(
    () => reportLatency(smallKey),
    () => reportLatency(largeKey),
    { pairs: PAIRS },
  );
  pairedRow(
    'revenue report (24 months × 2 currencies), 10 reports a half-pair: 10 000 vs 100 invoices',
    'ms',
    reports,
    'flat (≤ 1.2×)',
    reports.ratio <= 1.2,
  );
  // The report's one Query, alone: how much of the difference is the table's (DynamoDB Local reads
  // a prefix of a partition more slowly the more items the partition holds).
  const queryLatency = async (organizationId: string) => {
    const times: number[] = [];
    for (let n = 0; n < 10; n++) {
      const started = performance.now();
      await readRevenue(db, organizationId);
      times.push(performance.now() - started);
    }
    return median(times);
  };
  const queries = await interleaved(
    () => queryLatency(reportOrgs[0]!.org.id),
    () => queryLatency(reportOrgs[1]!.org.id),
    { pairs: PAIRS },
  );
  pairedRow('the report’s Query alone: 10 000 vs 100 invoices in the organization', 'ms', queries, '—', true);
  await reportApi.stop();
}

/** An organization with `count` invoices written straight to the table, and its revenue rebuilt. */
export async function seedReportOrg(db: CorrelatedDb, count: number, index: number) {
  const org = await seedOrganization(db, {
    name: `Report ${index}`,
    owner: { id: newId('usr'), email: `report${index}@example.com` },
  });
  await putAll(db, Array.from({ length: count }, (_, n) => invoiceItems(org.id, n)).flat());
  await rebuildRevenue(db, org.id, { apply: true });
  return { org, count };
}

/** The organization's `n`th invoice, over 24 months in two currencies; every other one paid, with its payment. */
function invoiceItems(organizationId: string, n: number) {
  const id = newId('inv');
  const year = 2025 + Math.floor((n % 24) / 12);
  const issue = `${year}-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 28) + 1).padStart(2, '0')}`;
  const invoice = {
    ...invoiceKey(organizationId, id),
    type: 'invoice',
    organization_id: organizationId,
    id,
    invoice_number: `INV-${String(n + 1).padStart(6, '0')}`,
    status: n % 2 ? 'paid' : 'sent',
    client_id: 'cli_bench',
    client_name: 'Bench client',
    issue_date: issue,
    due_date: issue,
    currency: n % 3 ? 'EUR' : 'USD',
    sent_at: `${issue}T09:00:00.000Z`,
    line_items: [
      {
        description: 'Consulting',
        quantity: '10',
        unit_price: '150.00',
        tax_rate: '10',
        net_minor: 150_000,
        tax_minor: 15_000,
        total_minor: 165_000,
      },
    ],
    subtotal_minor: 150_000,
    tax_amount_minor: 15_000,
    total_amount_minor: 165_000,
    amount_paid_minor: n % 2 ? 165_000 : 0,
    public_token: id,
    version: 2,
    created_at: `${issue}T09:00:00.000Z`,
    updated_at: `${issue}T09:00:00.000Z`,
  };
  // As the invoice's codec writes it: found through its indexes too (the export reads by issue date).
  Object.assign(invoice, invoiceIndexKeys(organizationId, invoice));
  const payment = {
    ...paymentKey(organizationId, id, `pay_${id}`),
    type: 'payment',
    organization_id: organizationId,
    id: `pay_${id}`,
    invoice_id: id,
    amount_minor: 165_000,
    currency: invoice.currency,
    paid_at: `${issue}T18:00:00.000Z`,
    method: 'bank_transfer',
    provider: 'manual',
    created_at: `${issue}T18:00:00.000Z`,
  };
  return n % 2 ? [invoice, payment] : [invoice];
}
