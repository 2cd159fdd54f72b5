// The body of the send routes, apart from the document schemas (and the unit and currency tables they check against).
import * as z from 'zod/mini';
import '#shared/zod-locale';

/** Without `email`, the document goes to the client's stored address. */
export const sendBody = z._default(
  z.strictObject({ email: z.optional(z.email('must be an e-mail address').check(z.maxLength(254))) }),
  {},
);
