// The recurring runner: reads the templates due by `today` from the sharded index (never a scan),
// and generates each due period — every missed period once, oldest first (documented policy) —
// through shared/invoicing/generate-recurring-invoices.ts, sending it when the template says so.
import type { Db } from '#shared/data/table';
import { dueRecurringInvoices } from '#shared/data/recurring-invoices';
import { latestDateAnywhere } from '#shared/domain/dates';
import { generateDueInvoices, type RunnerDeps } from '#shared/invoicing/generate-recurring-invoices';

/**
 * One message on the runner queue: an organization's due templates, the instant the run was planned
 * (the worker takes the organization's date at that instant), or a date forced for every organization.
 */
export type OrganizationRun = { organization_id: string; recurring_ids: string[]; now: string; today?: string };

/** Ids per message: far below SQS's 256 KB, and a chunk one worker finishes well inside its timeout. */
const IDS_PER_MESSAGE = 500;

/**
 * The run's work, one entry per organization (split when it has very many due templates). Due
 * entries are read up to the furthest-ahead date of any time zone (unless a date is forced), and
 * each organization's worker decides with its own date.
 */
export async function planRun(db: Db, now: Date, today?: string): Promise<OrganizationRun[]> {
  const latest = today ?? latestDateAnywhere(now);
  const byOrganization = new Map<string, string[]>();
  for (const { organizationId, id } of await dueRecurringInvoices(db, latest))
    byOrganization.set(organizationId, [...(byOrganization.get(organizationId) ?? []), id]);
  return [...byOrganization].flatMap(([organizationId, ids]) =>
    Array.from({ length: Math.ceil(ids.length / IDS_PER_MESSAGE) }, (_, chunk) => ({
      organization_id: organizationId,
      recurring_ids: ids.slice(chunk * IDS_PER_MESSAGE, (chunk + 1) * IDS_PER_MESSAGE),
      now: now.toISOString(),
      ...(today ? { today } : {}),
    })),
  );
}

export type OrganizationResult = { generated: number; failures: number; unfinished: number };

/**
 * One organization's due templates, one after another: they share its invoice counter, and taking
 * turns is faster than racing for it. `today` is the organization's own date. Stops early when
 * `timeLeft` says so; what is left stays due and is picked up by the next run.
 */
export async function runOrganization(
  deps: RunnerDeps,
  run: { organization_id: string; recurring_ids: string[] },
  today: string,
  options: { timeLeft?: () => boolean; log?: (message: string, fields: Record<string, unknown>) => void } = {},
): Promise<OrganizationResult> {
  const result: OrganizationResult = { generated: 0, failures: 0, unfinished: 0 };
  for (const [position, id] of run.recurring_ids.entries()) {
    if (options.timeLeft && !options.timeLeft()) {
      result.unfinished = run.recurring_ids.length - position;
      break;
    }
    try {
      result.generated += await generateDueInvoices(deps, run.organization_id, id, today);
    } catch (error) {
      // One broken template must not hold up the others; it stays due and is tried again next run.
      result.failures += 1;
      options.log?.('recurring template failed', {
        organization_id: run.organization_id,
        recurring_id: id,
        error: String(error),
      });
    }
  }
  return result;
}
