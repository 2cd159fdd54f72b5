import * as z from 'zod/mini';
import { metadata, metadataChanges } from '#shared/http/schemas/metadata';
import type { NewCreditNote } from '#shared/invoicing/create-credit-note';
import { CREDIT_REASONS, type CreditRequest } from '#shared/domain/credit-note';
import { toMinor } from '#shared/domain/decimal';
import { LIMITS } from '#shared/domain/invoice';
import { decimal, exactlyOne, text } from '#shared/http/schemas/common';
import { currency } from '#shared/http/schemas/currency';
import { PAYMENT_METHODS } from '#shared/http/schemas/payments';
import { REFUND_VIA } from '#shared/domain/refund';
import '#shared/zod-locale';

const amount = decimal({
  maxFraction: 2,
  max: { units: LIMITS.maxTotalMinor, scale: 2 },
  allowNumber: false,
  positive: true,
});

/** A line of the invoice (its position, from 0) and how much of it to credit: a quantity or an amount with tax. */
const creditedLine = z
  .strictObject({
    line: z.int().check(z.minimum(0, 'must be the position of a line of the invoice, from 0')),
    quantity: z.optional(
      decimal({
        maxFraction: LIMITS.quantityFractionDigits,
        max: { units: LIMITS.maxQuantity, scale: 0 },
        allowNumber: true,
        positive: true,
      }),
    ),
    amount: z.optional(amount),
  })
  .check(...exactlyOne('quantity', 'amount'));

export const createCreditNoteBody = z
  .strictObject({
    lines: z.optional(z.array(creditedLine).check(z.minLength(1, 'must hold at least one line'), z.maxLength(500))),
    amount: z.optional(amount),
    description: z.optional(text(1000)),
    currency: z.optional(currency),
    reason: z.enum(CREDIT_REASONS, `must be one of ${CREDIT_REASONS.join(', ')}`),
    memo: z.optional(z.string().check(z.maxLength(5000, 'may have at most 5000 characters'))),
    metadata: z.optional(metadata),
  })
  .check(
    z.refine<{ lines?: unknown; amount?: unknown }>(
      (body) => (body.lines === undefined) !== (body.amount === undefined),
      {
        message: 'give lines, or an amount with a description, not both',
        path: ['lines'],
      },
    ),
    z.refine<{ amount?: unknown; description?: unknown }>(
      (body) => body.amount === undefined || body.description !== undefined,
      {
        message: 'is required with an amount',
        path: ['description'],
      },
    ),
  );
export type CreateCreditNoteBody = z.infer<typeof createCreditNoteBody>;

export const creditRequestOf = (body: CreateCreditNoteBody): CreditRequest =>
  body.lines
    ? {
        lines: body.lines.map((line) => ({
          line: line.line,
          ...(line.quantity ? { quantity: line.quantity } : {}),
          ...(line.amount ? { amount_minor: Number(toMinor(line.amount)) } : {}),
        })),
      }
    : { amount_minor: Number(toMinor(body.amount!)), description: body.description! };

/** A credit note as the credit operation takes it. */
export const newCreditNoteOf = (body: CreateCreditNoteBody): NewCreditNote => ({
  request: creditRequestOf(body),
  reason: body.reason,
  memo: body.memo,
  currency: body.currency,
  ...(body.metadata ? { metadata: body.metadata } : {}),
});

/** A credit note's content is fixed once issued: its metadata is what changes. */
export const updateCreditNoteBody = z.strictObject({ metadata: metadataChanges });

/** A refund paid out by hand: how much, how, and when. */
export const createRefundBody = z.strictObject({
  amount,
  currency: z.optional(currency),
  method: z._default(z.enum(PAYMENT_METHODS, `must be one of ${PAYMENT_METHODS.join(', ')}`), 'other'),
  reference: z.optional(text(200)),
  /** By hand (the default: the money has left), or issued through the provider the payment came in by. */
  refund_via: z._default(z.enum(REFUND_VIA, `must be one of ${REFUND_VIA.join(', ')}`), 'manual'),
  refunded_at: z.optional(
    z.iso
      .datetime({ message: 'must be an ISO 8601 UTC timestamp' })
      .check(z.refine<string>((value) => Date.parse(value) <= Date.now() + 5 * 60_000, 'may not be in the future')),
  ),
});
