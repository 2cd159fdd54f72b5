// The query of the quote list, apart from the quote bodies: the list route builds no body schema.
import * as z from 'zod/mini';
import '#shared/zod-locale';
import { QUOTE_STATUSES } from '#shared/domain/quote';
import { cursor, listLimit } from '#shared/http/schemas/common';
import { metadataFilter } from '#shared/http/schemas/metadata';

export const listQuotesQuery = z.strictObject({
  limit: listLimit,
  cursor,
  status: z.optional(z.enum(QUOTE_STATUSES)),
  metadata: metadataFilter,
});
