// The date a sweep works on for each organization: its own calendar day at the sweep's instant (each
// organization's time zone read once per sweep), or one date forced for all (tests, `npm run tick`).
import { getOrganization } from '#shared/data/organizations';
import type { Db } from '#shared/data/table';
import { dateIn, latestDateAnywhere } from '#shared/domain/dates';
import { timeZoneOf } from '#shared/domain/organization';

export type SweepClock = { now: Date } | { today: string };

export function organizationDay(db: Db, clock: SweepClock) {
  const zones = new Map<string, Promise<string>>();
  return {
    /** The latest date anywhere on Earth: nothing dated after it can be due anywhere yet. */
    latest: 'today' in clock ? clock.today : latestDateAnywhere(clock.now),
    todayOf: async (organizationId: string) => {
      if ('today' in clock) return clock.today;
      if (!zones.has(organizationId)) zones.set(organizationId, getOrganization(db, organizationId).then(timeZoneOf));
      return dateIn(await zones.get(organizationId)!, clock.now);
    },
  };
}
