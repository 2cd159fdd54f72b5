// Applies events from the bus to the organization's revenue aggregates. The organization's time
// zone dates payments; it is read once per organization per batch.
import type { Db } from '#shared/data/table';
import { getOrganization } from '#shared/data/organizations';
import { applyContributions } from '#shared/data/revenue';
import { merged } from '#shared/domain/revenue';
import { contributionsOf, REVENUE_EVENT_TYPES } from '#shared/reports/contributions';
import type { OutboxEvent } from '#shared/domain/events';
import { timeZoneOf } from '#shared/domain/organization';

export type Applied = 'applied' | 'duplicate' | 'ignored';

export function revenueAggregator(db: Db) {
  const zones = new Map<string, Promise<string>>();
  const zoneOf = (organizationId: string) => {
    if (!zones.has(organizationId)) zones.set(organizationId, getOrganization(db, organizationId).then(timeZoneOf));
    return zones.get(organizationId)!;
  };
  return {
    async apply(event: OutboxEvent): Promise<Applied> {
      if (!(REVENUE_EVENT_TYPES as readonly string[]).includes(event.type)) return 'ignored';
      const timeZone = event.type.startsWith('payment.') ? await zoneOf(event.organization_id) : 'UTC';
      return applyContributions(db, event.organization_id, event.id, merged(contributionsOf(event, timeZone)));
    },
  };
}
