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
