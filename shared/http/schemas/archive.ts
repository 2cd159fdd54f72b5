// The archive's queries (docs/archive.md): days in the organization's time zone, by write date, and a
// document's own records, paged like every list.
import * as z from 'zod/mini';
import { calendarDate, cursor, idOf, listLimit, rangeInOrder } from '#shared/http/schemas/common';
import '#shared/zod-locale';

const period = { from: z.optional(calendarDate), to: z.optional(calendarDate) };

export const listArchiveQuery = z
  .strictObject({
    limit: listLimit,
    cursor,
    /** An invoice, credit note or received document: its own records and the e-mails that carried it. */
    document: z.optional(z.union([idOf('inv'), idOf('cn'), idOf('inc')])),
    ...period,
  })
  .check(rangeInOrder('from', 'to'));

export const verifyArchiveQuery = z.strictObject(period).check(rangeInOrder('from', 'to'));
