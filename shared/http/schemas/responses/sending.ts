// The answer of the send routes, apart from the document schemas the send routes do not answer with.
import * as z from 'zod/mini';
import { timestamp } from '#shared/http/schemas/responses/common';

/** The answer of send, for invoices and credit notes alike. */
export const sentResponse = z
  .strictObject({ message: z.string(), sent_to: z.string(), sent_at: timestamp })
  .register(z.globalRegistry, { id: 'SendResult' });
