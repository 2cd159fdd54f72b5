// Every error code the API answers with, and the HTTP status that goes with it (docs/api.md).

export const ErrorCode = {
  validationError: 'validation_error',
  invalidJson: 'invalid_json',
  authenticationRequired: 'authentication_required',
  invalidToken: 'invalid_token',
  tokenExpired: 'token_expired',
  invalidCredentials: 'invalid_credentials',
  organizationAccessDenied: 'organization_access_denied',
  insufficientScope: 'insufficient_scope',
  permissionDenied: 'permission_denied',
  notFound: 'not_found',
  methodNotAllowed: 'method_not_allowed',
  invalidState: 'invalid_state',
  idempotencyConflict: 'idempotency_conflict',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  rateLimited: 'rate_limited',
  internalError: 'internal_error',
  emailDeliveryFailed: 'email_delivery_failed',
  paymentsNotConfigured: 'payments_not_configured',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

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
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  email_delivery_failed: 502,
  payments_not_configured: 409,
};

/** An error whose code and message are meant for the client. Anything else becomes internal_error. */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = STATUS_OF[code];
  }
}

export const notFound = (what: string) => new ApiError(ErrorCode.notFound, `${what} not found`);

export const validationError = (fields: Record<string, string>) =>
  new ApiError(ErrorCode.validationError, 'The request has invalid fields', { fields });

export const invalidState = (message: string) => new ApiError(ErrorCode.invalidState, message);
