// The HTTP status of every error code (docs/api.md), and the answer a DomainError becomes.
import { DomainError, ErrorCode } from '#shared/domain/errors';

export const STATUS_OF: Record<ErrorCode, number> = {
  validation_error: 400,
  invalid_json: 400,
  authentication_required: 401,
  invalid_token: 401,
  token_expired: 401,
  invalid_credentials: 401,
  organization_access_denied: 403,
  insufficient_scope: 403,
  permission_denied: 403,
  not_found: 404,
  method_not_allowed: 405,
  invalid_state: 409,
  idempotency_conflict: 409,
  conflict: 409,
  archive_mismatch: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  email_delivery_failed: 502,
  recipient_suppressed: 409,
  exchange_rate_unavailable: 409,
  payments_not_configured: 409,
  e_invoice_incomplete: 422,
  peppol_not_configured: 409,
  peppol_unreachable: 409,
  peppol_unavailable: 503,
  e_invoice_unreadable: 422,
  bank_statement_unreadable: 400,
  unknown_bank_account: 422,
};

/** Headers an error carries besides its body: Retry-After when the caller should wait. */
export function errorHeaders(error: DomainError): Record<string, string> {
  const retryAfter = error.details.retry_after_seconds;
  return (error.code === ErrorCode.rateLimited || error.code === ErrorCode.peppolUnavailable) &&
    typeof retryAfter === 'number'
    ? { 'retry-after': String(retryAfter) }
    : {};
}

export { DomainError };
