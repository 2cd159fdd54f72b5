// The currency of a request, apart from the document schemas: a route that takes one carries dinero's
// currency table, and no other route does.
import * as z from 'zod/mini';
import { isSupportedCurrency } from '#shared/domain/money';
import '#shared/zod-locale';

/** An ISO 4217 code the service can bill in (two fraction digits). */
export const currency = z
  .string()
  .check(
    z.toUpperCase(),
    z.refine<string>(isSupportedCurrency, 'must be a supported ISO 4217 code with two fraction digits'),
  );
