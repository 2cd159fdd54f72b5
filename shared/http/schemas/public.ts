import * as z from 'zod/mini';
import '#shared/zod-locale';

/** Public pages take the token from the path; a malformed one is simply not found. */
export const tokenParams = z.object({ token: z.string() });
/** The sandbox checkout page, and the outcome the payer chose on it. */
export const checkoutParams = z.object({ id: z.string() });
export const checkoutOutcomeParams = z.object({ id: z.string(), outcome: z.enum(['pay', 'fail']) });
/** Unknown query parameters on public pages are ignored, not refused; so is an unknown payment outcome. */
export const publicPageQuery = z.object({
  payment: z.optional(
    z.pipe(
      z.string(),
      z.transform((value: string) => (value === 'succeeded' || value === 'failed' ? value : undefined)),
    ),
  ),
});

/** The public quote page: what the last answer came to (an unknown value is ignored). */
export const quotePageQuery = z.object({
  notice: z.optional(
    z.pipe(
      z.string(),
      z.transform((value: string) => (value === 'stale' ? value : undefined)),
    ),
  ),
});

/** The Accept and Decline form of the public quote page, as the browser posts it. */
export const quoteAnswerForm = z.strictObject({
  decision: z.enum(['accept', 'decline']),
  version: z.pipe(z.string().check(z.regex(/^\d{1,9}$/, 'must be a whole number')), z.transform(Number)),
  name: z.optional(z.string().check(z.maxLength(200, 'may have at most 200 characters'))),
});
