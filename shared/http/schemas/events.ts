// The event log's query: kinds to list, paged like every list. Apart from the subscription schemas,
// whose URL checks carry an address parser the log does not need.
import * as z from 'zod/mini';
import { EVENT_TYPES } from '#shared/domain/events';
import { cursor, listLimit } from '#shared/http/schemas/common';
import '#shared/zod-locale';

export const listEventsQuery = z.strictObject({
  limit: listLimit,
  cursor,
  /** One kind, or several separated by commas. */
  type: z.optional(
    z
      .pipe(
        z.string(),
        z.transform((value: string) => value.split(',').map((kind) => kind.trim())),
      )
      .check(
        z.refine<string[]>(
          (kinds) => kinds.every((kind) => (EVENT_TYPES as readonly string[]).includes(kind)),
          'must name known event kinds',
        ),
      ),
  ),
});
