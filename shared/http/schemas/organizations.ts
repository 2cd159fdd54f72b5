import * as z from 'zod/mini';
import { isTimeZone } from '#shared/domain/dates';
import { DEFAULT_PADDING, numberingProblem } from '#shared/domain/numbering';
import { text } from '#shared/http/schemas/common';
import '#shared/zod-locale';

export const updateOrganizationBody = z
  .strictObject({
    name: z.optional(text(200)),
    /** The zone the organization's dates are in: recurring runs, reports. */
    time_zone: z.optional(
      z.string().check(z.refine<string>(isTimeZone, 'must be a time zone name such as "Europe/Berlin" or "UTC"')),
    ),
    /** How new invoice numbers print and when they restart (docs/api.md, "The organization"). */
    invoice_numbering: z.optional(
      z
        .strictObject({
          pattern: z.string(),
          padding: z._default(z.number(), DEFAULT_PADDING),
          reset: z._default(z.enum(['never', 'yearly']), 'never'),
        })
        .check(
          z.superRefine((format, context) => {
            const problem = numberingProblem(format);
            if (problem) context.addIssue({ code: 'custom', message: problem, input: format });
          }),
        ),
    ),
  })
  .check(z.refine<object>((body) => Object.keys(body).length > 0, 'must set at least one field'));
