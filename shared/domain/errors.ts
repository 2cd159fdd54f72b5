// Every error the service can answer with, in one enum. The HTTP status of each code is decided
// in shared/http/errors.ts; everything below the http layer throws DomainError.

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
  conflict: 'conflict',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  rateLimited: 'rate_limited',
  internalError: 'internal_error',
  emailDeliveryFailed: 'email_delivery_failed',
  paymentsNotConfigured: 'payments_not_configured',
  eInvoiceIncomplete: 'e_invoice_incomplete',
  recipientSuppressed: 'recipient_suppressed',
  exchangeRateUnavailable: 'exchange_rate_unavailable',
  peppolNotConfigured: 'peppol_not_configured',
  peppolUnreachable: 'peppol_unreachable',
  peppolUnavailable: 'peppol_unavailable',
  eInvoiceUnreadable: 'e_invoice_unreadable',
  archiveMismatch: 'archive_mismatch',
  bankStatementUnreadable: 'bank_statement_unreadable',
  unknownBankAccount: 'unknown_bank_account',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** An error whose code and message are meant for the caller. Anything else becomes internal_error. */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new DomainError(ErrorCode.notFound, `${what} not found`);

export const validationError = (fields: Record<string, string>) =>
  new DomainError(ErrorCode.validationError, 'The request has invalid fields', { fields });

export const invalidState = (message: string) => new DomainError(ErrorCode.invalidState, message);

/** A change that lost its race for the item every time it was tried (shared/data/change.ts): nothing was written. */
export const conflict = (resource: string, id: string) =>
  new DomainError(
    ErrorCode.conflict,
    `The ${resource.replaceAll('_', ' ')} ${id} kept changing while this request changed it; nothing was written: read it again and retry`,
    { resource, id },
  );

export const rateLimited = (retryAfterSeconds: number) =>
  new DomainError(ErrorCode.rateLimited, 'Too many attempts; try again later', {
    retry_after_seconds: retryAfterSeconds,
  });

export const recipientSuppressed = (address: string, reason: string) =>
  new DomainError(
    ErrorCode.recipientSuppressed,
    `${address} is suppressed after a ${reason}: remove it from the suppression list, or send with force`,
    { address, reason },
  );

export const exchangeRateUnavailable = (date: string, currency: string) =>
  new DomainError(
    ErrorCode.exchangeRateUnavailable,
    `There is no ECB reference rate of ${date} for ${currency} yet: give the rate as exchange_rate, or wait for its publication`,
    { date, currency },
  );

export const peppolNotConfigured = () =>
  new DomainError(
    ErrorCode.peppolNotConfigured,
    'This deployment has no Peppol access point: deploy with -c peppolAccessPoint=storecove or phoss-ap (docs/deploy.md)',
  );

/** The access point did not answer, or failed on its side: nothing changed, and the same request may be tried again. */
export const peppolUnavailable = (why: string) =>
  new DomainError(ErrorCode.peppolUnavailable, `The Peppol access point is unavailable (${why}); try again later`, {
    retry_after_seconds: 30,
  });

/** The buyer cannot be reached over Peppol for the document: no participant id, not registered, or not for this document. */
export const peppolUnreachable = (message: string, details: Record<string, unknown> = {}) =>
  new DomainError(ErrorCode.peppolUnreachable, message, details);

export const unknownBankAccount = (iban: string) =>
  new DomainError(
    ErrorCode.unknownBankAccount,
    `The statement is of account ${iban}, which is not one of the organization's bank_accounts: add it there first`,
    { iban },
  );
