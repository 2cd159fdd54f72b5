// Outbox: the event item that goes into the same transaction as the change it describes. The table
// stream carries it to the publisher (docs/events.md); nothing is published from the request path.
import { newId } from '../domain/ids.ts';
import { eventKey } from './keys.ts';

export const EVENT_RETENTION_SECONDS = 30 * 24 * 60 * 60;

export type OutboxEvent = { id: string; type: string; organization_id: string; created_at: string; data: { object: unknown } };

export function outboxPut(table: string, organizationId: string, type: string, object: unknown, now = new Date()) {
  const event: OutboxEvent = { id: newId('evt', now.getTime()), type, organization_id: organizationId, created_at: now.toISOString(), data: { object } };
  return {
    Put: {
      TableName: table,
      Item: { ...eventKey(organizationId, event.id), type: 'event', event, ttl: Math.floor(now.getTime() / 1000) + EVENT_RETENTION_SECONDS },
    },
  };
}
