import type { OutboxEvent } from '#shared/domain/events';
// An event as API callers and webhook receivers see it: the outbox event without internal fields.

export const eventResource = ({ correlation_id: _correlation, actor, ...event }: OutboxEvent) => ({
  ...event,
  actor: actor ?? null,
});
