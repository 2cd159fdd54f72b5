import * as z from 'zod/mini';
import { LIMITS } from '#shared/domain/invoice';
import { currency } from '#shared/http/schemas/currency';
import { decimal, text } from '#shared/http/schemas/common';
import '#shared/zod-locale';
import { toMinor } from '#shared/domain/decimal';
import type { NewPayment } from '#shared/invoicing/record-payment';

export const PAYMENT_METHODS = ['bank_transfer', 'card', 'cash', 'check', 'other'] as const;

export const recordPaymentBody = z.strictObject({
  amount: decimal({
    maxFraction: 2,
    max: { units: LIMITS.maxTotalMinor, scale: 2 },
    allowNumber: false,
    positive: true,
  }),
  /** Defaults to the invoice's currency; another currency is refused. */
  currency: z.optional(currency),
  paid_at: z.optional(
    z.iso
      .datetime({ message: 'must be an ISO 8601 UTC timestamp' })
      .check(z.refine<string>((value) => Date.parse(value) <= Date.now() + 5 * 60_000, 'may not be in the future')),
  ),
  method: z.enum(PAYMENT_METHODS),
  reference: z.optional(text(200)),
});

/** A payment recorded by hand, as the payment operation takes it. */
export const manualPaymentOf = (body: z.infer<typeof recordPaymentBody>): NewPayment => ({
  amount_minor: Number(toMinor(body.amount)),
  currency: body.currency,
  paid_at: body.paid_at ?? new Date().toISOString(),
  method: body.method,
  reference: body.reference,
  provider: 'manual',
});
