// The audit log's query (docs/security.md "Audit log"): a time range, and an actor, a resource and a
// kind of change to look for, paged like every list.
import * as z from 'zod/mini';
import { calendarDate, cursor, listLimit, rangeInOrder } from '#shared/http/schemas/common';
import '#shared/zod-locale';

const instant = z.union([calendarDate, z.iso.datetime({ message: 'must be a date or an ISO 8601 time in UTC' })]);

/**
 * A date `to` takes its whole day, so the range is inverted only when `from` is past everything `to`
 * covers: `from` cut to the length of `to` comes after it (`2026-12-01T10:00:00Z` … `2026-12-01` holds).
 */
const fromNotPastTo = rangeInOrder('from', 'to', (from, to) => from.slice(0, to.length) <= to);

export const listAuditLogQuery = z
  .strictObject({
    limit: listLimit,
    cursor,
    /** A user id (usr_…), an API key id (key_…) or a job's name. */
    actor: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
    /** The id of what changed: inv_…, cli_…, quo_…, usr_…, … */
    resource: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
    /** A kind of event: invoice.voided, member.removed, … */
    action: z.optional(z.string().check(z.regex(/^[a-z_]+\.[a-z_]+$/, 'must be an event kind such as invoice.voided'))),
    from: z.optional(instant),
    to: z.optional(instant),
  })
  .check(fromNotPastTo);
