// Bank statements in, and the transactions they booked (docs/reconciliation.md).
import * as z from 'zod/mini';
import { TRANSACTION_STATUSES } from '#shared/domain/bank-transaction';
import type { FileBodyRule } from '#shared/http/middleware/file-body';
import { calendarDate, cursor, decimal, idOf, listLimit, rangeInOrder, text } from '#shared/http/schemas/common';
import { LIMITS } from '#shared/domain/invoice';
import { parseDecimal, toMinor } from '#shared/domain/decimal';
import '#shared/zod-locale';

/** The file itself as the body: camt as XML, MT940 as text; 10 MB, whatever the API's general limit. */
export const statementFile: FileBodyRule = {
  mediaTypes: ['application/xml', 'text/plain'],
  maxBytes: 10 * 1024 * 1024,
  aliases: { 'text/xml': 'application/xml' },
};

/** An amount in a query: kept as written (the next page's link repeats it), at most two decimals. */
const queryAmount = z.string().check(z.regex(/^\d{1,13}(\.\d{1,2})?$/, 'must be an amount such as 120.50'));
const minorOf = (amount: string) => Number(toMinor(parseDecimal(amount)!));

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
    /** The amount exactly, or at least / at most (inclusive). */
    amount: z.optional(queryAmount),
    min_amount: z.optional(queryAmount),
    max_amount: z.optional(queryAmount),
    q: z.optional(
      text(100).register(z.globalRegistry, {
        description:
          "Text in the payer's name or IBAN, the remittance, the bank's reference or the end-to-end id (case and spacing ignored)",
      }),
    ),
  })
  .check(rangeInOrder('from', 'to'))
  .check(rangeInOrder('min_amount', 'max_amount', (low, high) => minorOf(low) <= minorOf(high)));

/** The list's filters as the operation takes them: amounts in minor units. */
export const transactionFilterOf = (query: z.infer<typeof listBankTransactionsQuery>) => {
  const { amount, min_amount, max_amount, needs_review, limit: _limit, cursor: _cursor, ...rest } = query;
  const minor = (value: string | undefined) => (value === undefined ? undefined : minorOf(value));
  return {
    ...rest,
    ...(needs_review ? { needs_review: needs_review === 'true' } : {}),
    amount_minor: { exactly: minor(amount), atLeast: minor(min_amount), atMost: minor(max_amount) },
  };
};

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
