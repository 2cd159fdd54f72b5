// An event as API callers and webhook receivers see it: the outbox event without internal fields.
import type { OutboxEvent } from '#shared/data/events';

export const eventResource = ({ correlation_id: _correlation, ...event }: OutboxEvent) => event;
