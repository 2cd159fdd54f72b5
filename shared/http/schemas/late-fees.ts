import * as z from 'zod/mini';
import { calendarDate } from '#shared/http/schemas/common';
import '#shared/zod-locale';

/** `as_of`: the last day charged; absent: today in the organization's time zone. */
export const chargeLateFeeBody = z.strictObject({ as_of: z.optional(calendarDate) });
