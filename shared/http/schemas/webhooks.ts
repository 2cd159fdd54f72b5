import * as z from 'zod/mini';
import { config } from '#shared/config';
import { refusalOf } from '#shared/webhooks/destination';
import '#shared/zod-locale';
import { EVENT_TYPES } from '#shared/domain/events';

const webhookUrl = z.string().check(
  z.maxLength(2048, 'may have at most 2048 characters'),
  z.superRefine<string>((value, context) => {
    const refused = refusalOf(value, { allowLoopbackHttp: config().WEBHOOK_ALLOW_LOOPBACK_HTTP });
    if (refused) context.addIssue({ code: 'custom', message: refused, input: value });
  }),
);

const eventKinds = z.array(z.enum(['*', ...EVENT_TYPES])).check(
  z.minLength(1, 'must name at least one event kind, or "*"'),
  z.maxLength(EVENT_TYPES.length + 1),
  z.refine<string[]>((kinds) => new Set(kinds).size === kinds.length, 'may not repeat a kind'),
);

export const createWebhookBody = z.strictObject({ url: webhookUrl, events: eventKinds });
export const updateWebhookBody = z
  .strictObject({ url: z.optional(webhookUrl), events: z.optional(eventKinds), enabled: z.optional(z.boolean()) })
  .check(z.refine<object>((body) => Object.keys(body).length > 0, 'must set at least one field'));
