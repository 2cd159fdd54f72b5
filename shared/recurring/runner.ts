// The recurring runner: reads the templates due by `today` from the sharded index (never a scan),
// and hands each organization's share to shared/invoicing/generate-recurring-invoices.ts.
import type { Db } from '#shared/data/table';
import { dueRecurringInvoices } from '#shared/data/recurring-invoices';
import { latestDateAnywhere } from '#shared/domain/dates';
import {
  generateOrganizationInvoices,
  type OrganizationResult,
  type RunnerDeps,
} from '#shared/invoicing/generate-recurring-invoices';

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

/** One organization's due templates; `today` is the organization's own date. */
export const runOrganization = (
  deps: RunnerDeps,
  run: { organization_id: string; recurring_ids: string[] },
  today: string,
  options: Parameters<typeof generateOrganizationInvoices>[4] = {},
): Promise<OrganizationResult> =>
  generateOrganizationInvoices(deps, run.organization_id, run.recurring_ids, today, options);
