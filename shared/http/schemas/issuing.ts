// The body of sending an invoice, which may issue a draft with a rate given by hand: apart from the
// other send routes, whose bundles need no currency table.
import * as z from 'zod/mini';
import '#shared/zod-locale';
import { currency } from '#shared/http/schemas/currency';
import { calendarDate } from '#shared/http/schemas/common';
import { channelFields, sendBody } from '#shared/http/schemas/sending';

/** A rate given by hand: `rate` units of `to` per one unit of `from`, either way between the invoice's and the accounting currency. */
export const manualRate = z.strictObject({
  rate: z.string('must be a decimal number as a string, such as "1.0876"').register(z.globalRegistry, {
    description:
      'At most 6 significant digits; within 10 times the ECB rate of the day the invoice takes when that day is stored, else 0.000001 to 1000000',
  }),
  from: currency,
  to: currency,
});

/** Sending an invoice: a draft may be issued with a rate given by hand (docs/invoices.md "Foreign currency"). */
export const sendInvoiceBody = z._default(
  z.strictObject({ ...sendBody.def.innerType.def.shape, ...channelFields, exchange_rate: z.optional(manualRate) }),
  {},
);

/** GET /exchange-rates/: which rate an invoice in `from`, issued on `date`, would take into `to`. */
export const exchangeRateQuery = z.strictObject({
  from: currency,
  to: z.optional(currency),
  date: z.optional(calendarDate),
});
