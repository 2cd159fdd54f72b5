import { dateIn, latestDateAnywhere } from '#shared/domain/dates';
import { query, type CorrelatedDb } from '#shared/data/table';
import { markOverdue } from '#shared/data/invoice-lifecycle';
import { BY, dueBefore, indexQuery, OPEN_INVOICE_SHARDS, openInvoicesShard } from '#shared/data/keys';
import { getOrganization } from '#shared/data/organizations';
import { timeZoneOf } from '#shared/domain/organization';

/**
 * Sweeps as of the instant `now` (each organization's own date), or with `today` forced for every
 * organization (tests, `npm run tick`).
 */
export async function sweepOverdue(
  db: CorrelatedDb,
  clock: { now: Date } | { today: string },
  publicBaseUrl: string,
): Promise<{ moved: number; examined: number }> {
  const zones = new Map<string, Promise<string>>();
  const todayOf = async (organizationId: string) => {
    if ('today' in clock) return clock.today;
    if (!zones.has(organizationId)) zones.set(organizationId, getOrganization(db, organizationId).then(timeZoneOf));
    return dateIn(await zones.get(organizationId)!, clock.now);
  };
  const latest = 'today' in clock ? clock.today : latestDateAnywhere(clock.now);
  let moved = 0;
  let examined = 0;
  for (let shard = 0; shard < OPEN_INVOICE_SHARDS; shard++) {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await query(db, {
        ...indexQuery(BY.openInvoicesByDueDate, openInvoicesShard(shard), { below: dueBefore(latest) }),
        ExclusiveStartKey: startKey,
      });
      for (const item of page.Items ?? []) {
        const organizationId = String(item.organization_id);
        const today = await todayOf(organizationId);
        // Past due somewhere on Earth but not yet where the organization is: the next sweep.
        if (String(item.due_date) >= today) continue;
        examined += 1;
        if (await markOverdue(db, organizationId, String(item.id), today, publicBaseUrl)) moved += 1;
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  }
  return { moved, examined };
}
