// How a delivery looks in the delivery log: every field present, null where there is nothing.
import type { Delivery } from '#shared/domain/delivery';

export const deliveryResource = (delivery: Delivery) => ({
  id: delivery.id,
  webhook_id: delivery.webhook_id,
  event_id: delivery.event_id,
  event_type: delivery.event_type,
  status: delivery.status,
  attempt_count: delivery.attempt_count,
  attempts: delivery.attempts.map((attempt) => ({
    at: attempt.at,
    outcome: attempt.outcome,
    status_code: attempt.status_code ?? null,
    duration_ms: attempt.duration_ms,
    response_excerpt: attempt.response_excerpt ?? null,
    error: attempt.error ?? null,
    retry_after_seconds: attempt.retry_after_seconds ?? null,
  })),
  next_retry_at: delivery.next_retry_at ?? null,
  updated_at: delivery.updated_at,
  correlation_id: delivery.correlation_id,
});
