import * as z from 'zod/mini';
import { EXPORT_FORMATS, EXPORT_KINDS } from '#shared/domain/export';
import { calendarDate, rangeInOrder } from '#shared/http/schemas/common';
import '#shared/zod-locale';

export const createExportBody = z
  .strictObject({
    kind: z.enum(EXPORT_KINDS, `must be one of ${EXPORT_KINDS.join(', ')}`),
    /** Absent: csv, or zip for the archive. */
    format: z.optional(z.enum(EXPORT_FORMATS, `must be one of ${EXPORT_FORMATS.join(', ')}`)),
    /** Inclusive days: issue dates of documents (the archive's too), payment dates, creation dates of clients. */
    from: calendarDate,
    to: calendarDate,
    /** Drafts are no documents yet: only in an invoice CSV, and only when asked. */
    include_drafts: z._default(z.boolean('must be true or false'), false),
  })
  .check(rangeInOrder('from', 'to'));
