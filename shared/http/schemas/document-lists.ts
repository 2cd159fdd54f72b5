// The query strings of the invoice and credit-note lists, apart from the schemas that create and
// change documents: a list route does not carry the currency and unit tables those check against.
import * as z from 'zod/mini';
import { INVOICE_STATUSES } from '#shared/domain/invoice';
import { calendarDate, cursor, idOf, listLimit, rangeInOrder, text } from '#shared/http/schemas/common';
import { metadataFilter } from '#shared/http/schemas/metadata';
import '#shared/zod-locale';

const issueDateRange = rangeInOrder('issue_date_from', 'issue_date_to');

export const listInvoicesQuery = z
  .strictObject({
    limit: listLimit,
    cursor,
    status: z.optional(z.enum(INVOICE_STATUSES)),
    client: z.optional(idOf('cli')),
    issue_date_from: z.optional(calendarDate),
    issue_date_to: z.optional(calendarDate),
    metadata: metadataFilter,
    q: z.optional(
      text(100).register(z.globalRegistry, {
        description:
          'A number prefix, a prefix of any word of the client name (case and accents ignored), or an exact total such as 1190.00',
      }),
    ),
  })
  .check(issueDateRange);

export const listCreditNotesQuery = z
  .strictObject({
    limit: listLimit,
    cursor,
    invoice: z.optional(idOf('inv')),
    client: z.optional(idOf('cli')),
    issue_date_from: z.optional(calendarDate),
    issue_date_to: z.optional(calendarDate),
    metadata: metadataFilter,
  })
  .check(issueDateRange);
