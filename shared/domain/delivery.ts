// The delivery of one event to one webhook subscription, and each attempt at it.

export type AttemptOutcome = 'delivered' | 'failed' | 'gone' | 'refused';

export type Attempt = {
  at: string;
  outcome: AttemptOutcome;
  status_code?: number;
  duration_ms: number;
  /** The first 1 KB of the receiver's answer. */
  response_excerpt?: string;
  error?: string;
  /** From Retry-After on 429 and 503. */
  retry_after_seconds?: number;
};

export type DeliveryStatus = 'delivered' | 'retrying' | 'failed' | 'skipped';

export type Delivery = {
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  status: DeliveryStatus;
  attempt_count: number;
  attempts: Attempt[];
  next_retry_at?: string;
  updated_at: string;
  /** The API request that caused the event, null for events no request caused. */
  correlation_id: string | null;
};
