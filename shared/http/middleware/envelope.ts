// Outermost middleware: gives every request an id and a logger, turns every error into the error
// envelope of docs/api.md, and logs one line per request. 5xx answers never carry internals.
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { DomainError, ErrorCode } from '#shared/domain/errors';
import { errorHeaders, STATUS_OF } from '#shared/http/errors';
import { createLogger, type LogLevel } from '#shared/observability/logger';
import { header, type RequestContext } from '#shared/http/request';
import { errorFields } from '#shared/observability/stack';

type Options = { route: string; logLevel: LogLevel; fallbackBaseUrl: string };

/**
 * On every answer unless the route sets its own (public pages set a page policy): nothing may frame,
 * sniff or load anything from an API answer, and no URL of ours (public pages carry tokens) leaks in
 * a Referer.
 */
const SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

export function envelope({
  route,
  logLevel,
  fallbackBaseUrl,
}: Options): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, RequestContext> {
  const started = new WeakMap<object, number>();
  const finish = (request: {
    event: APIGatewayProxyEventV2;
    context: RequestContext;
    response: APIGatewayProxyStructuredResultV2 | null;
  }) => {
    const response = request.response ?? { statusCode: 500 };
    response.headers = { ...SECURITY_HEADERS, ...response.headers, 'x-request-id': request.context.requestId };
    request.response = response;
    request.context.log.info('request', {
      status: response.statusCode,
      duration_ms: Date.now() - (started.get(request.context) ?? Date.now()),
      caller: request.context.principal?.kind ?? 'anonymous',
      organization_id: request.context.principal?.organizationId,
    });
  };
  return {
    before: (request) => {
      const { event, context } = request;
      started.set(context, Date.now());
      context.requestId = event.requestContext?.requestId ?? context.awsRequestId;
      context.log = createLogger(logLevel, {
        request_id: context.requestId,
        correlation_id: context.requestId,
        route,
        method: event.requestContext?.http?.method,
        path: event.rawPath,
      });
      const host = event.requestContext?.domainName;
      const scheme = header(event.headers, 'x-forwarded-proto') ?? 'https';
      context.baseUrl = host ? `${scheme}://${host}` : fallbackBaseUrl;
    },
    after: finish,
    onError: (request) => {
      const error = request.error;
      if (error instanceof DomainError) {
        request.response = errorResponse(
          STATUS_OF[error.code],
          error.code,
          error.message,
          error.details,
          errorHeaders(error),
        );
      } else {
        request.context.log?.error('unhandled error', errorFields(error));
        request.response = errorResponse(
          500,
          ErrorCode.internalError,
          'An internal error occurred; quote the request id when reporting it',
          {
            request_id: request.context.requestId,
          },
        );
      }
      if (!request.context.log) request.context.log = createLogger(logLevel, { route });
      finish(request);
    },
  };
}

export function errorResponse(
  status: number,
  code: string,
  message: string,
  details: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: status,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ error: { code, message, details } }),
  };
}
