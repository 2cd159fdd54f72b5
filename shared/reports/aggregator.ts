// Applies events from the bus to the organization's revenue aggregates. The organization's time
// zone dates payments; it is read once per organization per batch.
import type { Db } from '../data/client.ts';
import type { OutboxEvent } from '../data/events.ts';
import { getOrganization, timeZoneOf } from '../data/organizations.ts';
import { applyContributions } from '../data/revenue.ts';
import { merged } from '../domain/revenue.ts';
import { contributionsOf, REVENUE_EVENT_TYPES } from './contributions.ts';

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
      const timeZone = event.type === 'payment.received' ? await zoneOf(event.organization_id) : 'UTC';
      return applyContributions(db, event.organization_id, event.id, merged(contributionsOf(event, timeZone)));
    },
  };
}
