// The recurring runner: reads the templates due by `today` from the sharded index (never a scan),
// and generates each due period — every missed period once, oldest first (documented policy) —
// through the same invoice creation as the API, sending it when the template says so.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../data/client.ts';
import { ChangeConflict, createInvoice } from '../data/invoices.ts';
import { RECURRING_SHARDS, recurringDueShard } from '../data/keys.ts';
import { advanced, getRecurringInvoice, recurringItem, type RecurringInvoice } from '../data/recurring-invoices.ts';
import { INDEX } from '../data/table-definition.ts';
import { addDays } from '../domain/dates.ts';
import { parseDecimal } from '../domain/decimal.ts';
import { priceInvoice } from '../domain/invoice.ts';

export type RunnerDeps = {
  db: Db;
  publicBaseUrl: string;
  /** Sends a generated invoice (auto_send); failures are the caller's to log, the invoice stays a draft. */
  send?: (organizationId: string, invoiceId: string, to: string) => Promise<void>;
  /** Most periods one template may catch up in one run. */
  maxPeriodsPerRun?: number;
};

export type RunResult = { generated: number; templates: number; failures: number };

async function dueTemplates(db: Db, today: string): Promise<{ organizationId: string; id: string }[]> {
  const due: { organizationId: string; id: string }[] = [];
  for (let shard = 0; shard < RECURRING_SHARDS; shard++) {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await db.client.send(new QueryCommand({
        TableName: db.table, IndexName: INDEX.byDueDate, KeyConditionExpression: 'gsi4pk = :shard AND gsi4sk <= :today',
        ExpressionAttributeValues: { ':shard': recurringDueShard(shard), ':today': `${today}#~` }, ExclusiveStartKey: startKey,
      }));
      due.push(...(page.Items ?? []).map((item) => ({ organizationId: String(item.organization_id), id: String(item.id) })));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  }
  return due;
}

const draftOf = (template: RecurringInvoice, runDate: string) => ({
  client_id: template.client_id, issue_date: runDate, due_date: addDays(runDate, template.due_in_days), currency: template.currency,
  notes: template.notes, terms: template.terms,
  ...priceInvoice(template.line_items.map((line) => ({
    description: line.description, quantity: parseDecimal(line.quantity)!, unitPrice: parseDecimal(line.unit_price)!, taxRate: parseDecimal(line.tax_rate)!,
  }))),
});

/** Generates the template's due periods; answers how many it generated. */
export async function runTemplate(deps: RunnerDeps, organizationId: string, recurringId: string, today: string): Promise<number> {
  let generated = 0;
  for (let round = 0; round < (deps.maxPeriodsPerRun ?? 24); round++) {
    const template = await getRecurringInvoice(deps.db, organizationId, recurringId);
    if (!template || template.status !== 'active' || !template.next_run_date || template.next_run_date > today) return generated;
    const index = template.next_index;
    const runDate = template.next_run_date;
    const next = { ...advanced(template, index, runDate), updated_at: new Date().toISOString() };
    try {
      const invoice = await createInvoice(deps.db, organizationId, draftOf(template, runDate), deps.publicBaseUrl, new Date(), {
        recurringId,
        items: [{
          Put: {
            TableName: deps.db.table, Item: recurringItem(next),
            ConditionExpression: 'next_index = :index AND #status = :active', ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':index': index, ':active': 'active' },
          },
        }],
      });
      generated += 1;
      if (template.auto_send && deps.send) await deps.send(organizationId, invoice.id, template.send_to ?? '');
    } catch (error) {
      // Another run generated this period (or the template was paused): read again and carry on.
      if (!(error instanceof ChangeConflict)) throw error;
    }
  }
  return generated;
}

/**
 * Organizations handled at once. Within one organization templates run one after another: they
 * share its invoice counter, and taking turns is faster than racing for it.
 */
const CONCURRENCY = 8;

export async function runRecurring(deps: RunnerDeps, today: string, log?: (message: string, fields: Record<string, unknown>) => void): Promise<RunResult> {
  const due = await dueTemplates(deps.db, today);
  const groups = new Map<string, typeof due>();
  for (const template of due) groups.set(template.organizationId, [...(groups.get(template.organizationId) ?? []), template]);
  const byOrganization = [...groups.values()];
  let generated = 0;
  let failures = 0;
  let next = 0;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < byOrganization.length) {
      for (const { organizationId, id } of byOrganization[next++]!) {
        try {
          // Read-modify-write after the await: `generated += await …` would lose concurrent workers' counts.
          const made = await runTemplate(deps, organizationId, id, today);
          generated += made;
        } catch (error) {
          failures += 1;
          log?.('recurring template failed', { organization_id: organizationId, recurring_id: id, error: String(error) });
        }
      }
    }
  }));
  return { generated, templates: due.length, failures };
}
