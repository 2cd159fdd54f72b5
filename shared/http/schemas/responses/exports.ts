// Exports as the API answers them (shared/domain/resources/export.ts).
import * as z from 'zod/mini';
import { EXPORT_FORMATS, EXPORT_KINDS } from '#shared/domain/export';
import type { exportResource } from '#shared/domain/resources/export';
import { calendarDate, idOfResource, type Same, timestamp } from '#shared/http/schemas/responses/common';

export const exportResponse = z
  .strictObject({
    id: idOfResource('exp'),
    kind: z.enum(EXPORT_KINDS),
    format: z.enum(EXPORT_FORMATS),
    from: calendarDate,
    to: calendarDate,
    include_drafts: z.boolean(),
    status: z.enum(['pending', 'running', 'completed', 'failed']),
    rows_done: z.number(),
    rows_total: z.nullable(z.number()),
    file_name: z.nullable(z.string()),
    /** Once completed: a link that downloads the file for 15 minutes, made afresh by every GET. */
    download_url: z.nullable(z.url()),
    download_expires_at: z.nullable(timestamp),
    error: z.nullable(z.string()),
    created_at: timestamp,
    completed_at: z.nullable(timestamp),
  })
  .register(z.globalRegistry, { id: 'Export' });

const _agree: [Same<z.output<typeof exportResponse>, ReturnType<typeof exportResource>>] = [true];
