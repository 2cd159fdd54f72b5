// Generating recurring templates' due periods — every missed period once, oldest first (documented
// policy) — each through the same invoice creation as the API, its period claimed in the invoice's
// own transaction so that concurrent or repeated runs never generate it twice. An organization's run
// goes a page of templates at a time: two reads, the page's numbers reserved in one request per
// series, then one transaction per invoice.
import { clientsWithIds } from '#shared/data/clients';
import { clientWithOrganization } from '#shared/data/invoices';
import { NumberPool, type Numbers } from '#shared/data/number-pool';
import { getRecurringInvoice, periodClaim, recurringWithOrganization } from '#shared/data/recurring-invoices';
import type { Client } from '#shared/domain/client';
import { addDays } from '#shared/domain/dates';
import { storedLineInput } from '#shared/domain/invoice';
import { numberingOf, seriesFor, VOID_REASON } from '#shared/domain/numbering';
import type { Organization } from '#shared/domain/organization';
import { advanced, type RecurringInvoice } from '#shared/domain/recurring-invoice';
import { createInvoiceBetween, OriginTakenError } from '#shared/invoicing/create-invoice';
import type { InvoicingDeps } from '#shared/invoicing/deps';

export type RunnerDeps = InvoicingDeps & {
  /** Sends a generated invoice (auto_send); failures are the caller's to log, the invoice stays a draft. */
  send?: (organizationId: string, invoiceId: string, to: string) => Promise<void>;
  /** Most periods one template may catch up in one run. */
  maxPeriodsPerRun?: number;
};

export type OrganizationResult = { generated: number; failures: number; unfinished: number };

/** Templates per page: one BatchGetItem holds 100 keys, the organization's among them. */
const PAGE = 99;

type Parties = { client?: Client; organization?: Organization };
type Page = { organization?: Organization; templates: Map<string, RecurringInvoice>; clients: Map<string, Client> };

const draftOf = (template: RecurringInvoice, runDate: string) => ({
  client_id: template.client_id,
  issue_date: runDate,
  due_date: addDays(runDate, template.due_in_days),
  currency: template.currency,
  notes: template.notes,
  terms: template.terms,
  buyer_reference: template.buyer_reference,
  purchase_order: template.purchase_order,
  lines: template.line_items.map(storedLineInput),
  ...(template.metadata ? { metadata: template.metadata } : {}),
});

const isDue = (template: RecurringInvoice | undefined, today: string): template is RecurringInvoice =>
  template?.status === 'active' && !!template.next_run_date && template.next_run_date <= today;

/** The run dates of the periods due by `today`, oldest first, at most `max`. */
function dueRunDates(template: RecurringInvoice, today: string, max: number): string[] {
  const dates: string[] = [];
  let next = template;
  while (dates.length < max && isDue(next, today)) {
    dates.push(next.next_run_date!);
    next = advanced(next, next.next_index, next.next_run_date!);
  }
  return dates;
}

/**
 * Generates a template's due periods from `first` as read; answers how many it generated. After a
 * period's claim fails (another run, or a change) the template is read again and the run goes on.
 */
async function generatePeriods(
  deps: RunnerDeps,
  organizationId: string,
  first: RecurringInvoice | undefined,
  today: string,
  parties?: Parties,
  numbers?: Numbers,
): Promise<number> {
  let generated = 0;
  let template = first;
  for (let round = 0; round < (deps.maxPeriodsPerRun ?? 24) && isDue(template, today); round++) {
    const index = template.next_index;
    const runDate = template.next_run_date!;
    const next = { ...advanced(template, index, runDate), updated_at: new Date().toISOString() };
    try {
      const between =
        parties?.client?.id === template.client_id
          ? parties
          : await clientWithOrganization(deps.db, organizationId, template.client_id);
      const origin = {
        claim: periodClaim(deps.db, next, index),
        voidReason: VOID_REASON.periodTaken,
        fields: { recurring_id: template.id },
      };
      const invoice = await createInvoiceBetween(
        deps,
        organizationId,
        between,
        draftOf(template, runDate),
        new Date(),
        origin,
        numbers,
      );
      generated += 1;
      template = next;
      if (next.auto_send && deps.send) await deps.send(organizationId, invoice.id, next.send_to ?? '');
    } catch (error) {
      if (!(error instanceof OriginTakenError)) throw error;
      template = await getRecurringInvoice(deps.db, organizationId, template.id);
    }
  }
  return generated;
}

/** Generates one template's due periods; answers how many it generated. */
export async function generateDueInvoices(
  deps: RunnerDeps,
  organizationId: string,
  recurringId: string,
  today: string,
): Promise<number> {
  return generatePeriods(deps, organizationId, await getRecurringInvoice(deps.db, organizationId, recurringId), today);
}

/** A page of templates with their organization and clients, in two reads. */
async function readPage(deps: RunnerDeps, organizationId: string, ids: readonly string[]): Promise<Page> {
  const { organization, templates } = await recurringWithOrganization(deps.db, organizationId, ids);
  const clientIds = [...new Set(templates.map((template) => template.client_id))];
  const clients = await clientsWithIds(deps.db, organizationId, clientIds);
  return {
    ...(organization ? { organization } : {}),
    templates: new Map(templates.map((template) => [template.id, template])),
    clients: new Map(clients.map((client) => [client.id, client])),
  };
}

/** The page's numbers, one request per series: as many as its due periods will print. */
async function reservedFor(deps: RunnerDeps, organizationId: string, page: Page, today: string) {
  if (!page.organization) return undefined;
  const format = numberingOf(page.organization);
  const pool = new NumberPool(deps.db, organizationId, format, new Date());
  const needed = new Map<string, number>();
  for (const template of page.templates.values())
    for (const runDate of dueRunDates(template, today, deps.maxPeriodsPerRun ?? 24))
      needed.set(seriesFor(format, runDate), (needed.get(seriesFor(format, runDate)) ?? 0) + 1);
  for (const [series, count] of needed) await pool.reserve(series, count);
  return pool;
}

/**
 * An organization's due templates, one after another: they share its counter, and taking turns is
 * faster than racing for it. Stops before a template when `timeLeft` says so; what is left stays due
 * for the next run, and numbers reserved for it go back. One broken template does not hold up the rest.
 */
export async function generateOrganizationInvoices(
  deps: RunnerDeps,
  organizationId: string,
  recurringIds: readonly string[],
  today: string,
  options: { timeLeft?: () => boolean; log?: (message: string, fields: Record<string, unknown>) => void } = {},
): Promise<OrganizationResult> {
  const result: OrganizationResult = { generated: 0, failures: 0, unfinished: 0 };
  let page: Page | undefined;
  let pool: NumberPool | undefined;
  try {
    for (const [position, id] of recurringIds.entries()) {
      if (options.timeLeft && !options.timeLeft()) {
        result.unfinished = recurringIds.length - position;
        break;
      }
      if (position % PAGE === 0) {
        await pool?.release(VOID_REASON.unneeded);
        page = await readPage(deps, organizationId, recurringIds.slice(position, position + PAGE));
        pool = await reservedFor(deps, organizationId, page, today);
      }
      const template = page!.templates.get(id);
      if (!template) continue;
      const parties = { organization: page!.organization, client: page!.clients.get(template.client_id) };
      try {
        result.generated += await generatePeriods(deps, organizationId, template, today, parties, pool);
      } catch (error) {
        result.failures += 1;
        options.log?.('recurring template failed', {
          organization_id: organizationId,
          recurring_id: id,
          error: String(error),
        });
      }
    }
  } finally {
    await pool?.release(VOID_REASON.unneeded);
  }
  return result;
}
