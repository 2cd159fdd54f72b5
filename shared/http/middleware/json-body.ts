// Reads the JSON body: 413 over the size limit, 415 for another content type, 400 for bad JSON. A
// route that takes a browser's form (`forms`) reads only application/x-www-form-urlencoded, as an
// object of strings, and answers 415 to anything else (JSON included).
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { DomainError, ErrorCode } from '#shared/domain/errors';
import { header, type RequestContext } from '#shared/http/request';

export function jsonBody(
  maxBytes: number,
  { forms = false } = {},
): MiddlewareObj<APIGatewayProxyEventV2, unknown, Error, RequestContext> {
  return {
    before: ({ event, context }) => {
      if (event.body === undefined || event.body === null || event.body === '') return;
      const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
      if (raw.byteLength > maxBytes) {
        throw new DomainError(ErrorCode.payloadTooLarge, `The body exceeds ${maxBytes} bytes`, { max_bytes: maxBytes });
      }
      const contentType = header(event.headers, 'content-type') ?? '';
      // A route that takes a form takes nothing else: a script's JSON is no browser's form.
      if (forms) {
        if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(contentType))
          throw new DomainError(
            ErrorCode.unsupportedMediaType,
            'Send the form as "Content-Type: application/x-www-form-urlencoded"',
          );
        context.json = Object.fromEntries(new URLSearchParams(raw.toString('utf8')));
        return;
      }
      if (!/^application\/json\s*(;|$)/i.test(contentType)) {
        throw new DomainError(ErrorCode.unsupportedMediaType, 'Send the body as "Content-Type: application/json"');
      }
      try {
        context.json = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new DomainError(ErrorCode.invalidJson, 'The body is not valid JSON');
      }
    },
  };
}
