// Bank statements in, and the transactions they booked (docs/reconciliation.md).
import * as z from 'zod/mini';
import { TRANSACTION_STATUSES } from '#shared/domain/bank-transaction';
import type { FileBodyRule } from '#shared/http/middleware/file-body';
import { calendarDate, cursor, decimal, idOf, listLimit, rangeInOrder } from '#shared/http/schemas/common';
import { LIMITS } from '#shared/domain/invoice';
import { toMinor } from '#shared/domain/decimal';
import '#shared/zod-locale';

/** The file itself as the body: camt as XML, MT940 as text; 10 MB, whatever the API's general limit. */
export const statementFile: FileBodyRule = {
  mediaTypes: ['application/xml', 'text/plain'],
  maxBytes: 10 * 1024 * 1024,
  aliases: { 'text/xml': 'application/xml' },
};

export const listBankTransactionsQuery = z
  .strictObject({
    limit: listLimit,
    cursor,
    status: z.optional(z.enum(TRANSACTION_STATUSES)),
    direction: z.optional(z.enum(['credit', 'debit'])),
    needs_review: z.optional(z.enum(['true', 'false'])),
    /** Booking dates, inclusive. */
    from: z.optional(calendarDate),
    to: z.optional(calendarDate),
  })
  .check(rangeInOrder('from', 'to'));

export const transactionParams = z.object({
  id: z.string().check(z.regex(/^btx_[0-9A-HJKMNP-TV-Z]{26}$/, 'must be a btx_ identifier')),
});

/** A match by hand: the invoice, and how much of the transfer pays it (by default what is due, up to what is left). */
export const matchTransactionBody = z.strictObject({
  invoice: idOf('inv'),
  amount: z.optional(
    decimal({ maxFraction: 2, max: { units: LIMITS.maxTotalMinor, scale: 2 }, allowNumber: false, positive: true }),
  ),
});

export const matchOf = (body: z.infer<typeof matchTransactionBody>) => ({
  invoice_id: body.invoice,
  ...(body.amount ? { amount_minor: Number(toMinor(body.amount)) } : {}),
});
