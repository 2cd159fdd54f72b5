// Reads the JSON body: 413 over the size limit, 415 for another content type, 400 for bad JSON.
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { DomainError, ErrorCode, validationError } from '#shared/domain/errors';
import { header, type RequestContext } from '#shared/http/request';

/**
 * Paths of strings holding a lone surrogate (a "\ud800" escape with no partner). No UTF-8 store or
 * receiver can hold one, so it is refused rather than silently turned into U+FFFD.
 */
const LONE_SURROGATE = /\p{Cs}/u; // in Unicode mode a proper pair is one code point, so only lone halves match

function illFormedStrings(value: unknown, path = ''): string[] {
  if (typeof value === 'string') return !LONE_SURROGATE.test(value) ? [] : [path || '(body)'];
  if (Array.isArray(value)) return value.flatMap((item, index) => illFormedStrings(item, `${path}[${index}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => [
      ...(!LONE_SURROGATE.test(key) ? [] : [path || '(body)']),
      ...illFormedStrings(item, path ? `${path}.${key}` : key),
    ]);
  }
  return [];
}

export function jsonBody(maxBytes: number): MiddlewareObj<APIGatewayProxyEventV2, unknown, Error, RequestContext> {
  return {
    before: ({ event, context }) => {
      if (event.body === undefined || event.body === null || event.body === '') return;
      const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
      if (raw.byteLength > maxBytes) {
        throw new DomainError(ErrorCode.payloadTooLarge, `The body exceeds ${maxBytes} bytes`, { max_bytes: maxBytes });
      }
      const contentType = header(event.headers, 'content-type') ?? '';
      if (!/^application\/json\s*(;|$)/i.test(contentType)) {
        throw new DomainError(ErrorCode.unsupportedMediaType, 'Send the body as "Content-Type: application/json"');
      }
      try {
        context.json = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new DomainError(ErrorCode.invalidJson, 'The body is not valid JSON');
      }
      const broken = illFormedStrings(context.json);
      if (broken.length > 0)
        throw validationError(
          Object.fromEntries(
            broken.map((path) => [path, 'must be valid Unicode text (it has a lone surrogate escape)']),
          ),
        );
    },
  };
}
