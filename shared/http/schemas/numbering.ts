import * as z from 'zod/mini';
import '#shared/zod-locale';

/** A series name: lower-case words, optionally a year (`invoice`, `credit_note`, `invoice-2027`). */
export const seriesParams = z.object({ series: z.string().check(z.regex(/^[a-z][a-z_]{0,30}(-\d{4})?$/)) });
