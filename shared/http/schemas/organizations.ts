import * as z from 'zod/mini';
import { isTimeZone } from '#shared/domain/dates';
import { text } from '#shared/http/schemas/common';
import '#shared/zod-locale';

export const updateOrganizationBody = z
  .strictObject({
    name: z.optional(text(200)),
    /** The zone the organization's dates are in: recurring runs, reports. */
    time_zone: z.optional(
      z.string().check(z.refine<string>(isTimeZone, 'must be a time zone name such as "Europe/Berlin" or "UTC"')),
    ),
  })
  .check(z.refine<object>((body) => Object.keys(body).length > 0, 'must set at least one field'));
