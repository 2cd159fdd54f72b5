// Reads the JSON body: 413 over the size limit, 415 for another content type, 400 for bad JSON.
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { ApiError, ErrorCode } from '../errors.ts';
import { header, type RequestContext } from '../request.ts';

export function jsonBody(maxBytes: number): MiddlewareObj<APIGatewayProxyEventV2, unknown, Error, RequestContext> {
  return {
    before: ({ event, context }) => {
      if (event.body === undefined || event.body === null || event.body === '') return;
      const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
      if (raw.byteLength > maxBytes) {
        throw new ApiError(ErrorCode.payloadTooLarge, `The body exceeds ${maxBytes} bytes`, { max_bytes: maxBytes });
      }
      const contentType = header(event.headers, 'content-type') ?? '';
      if (!/^application\/json\s*(;|$)/i.test(contentType)) {
        throw new ApiError(ErrorCode.unsupportedMediaType, 'Send the body as "Content-Type: application/json"');
      }
      try {
        context.json = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new ApiError(ErrorCode.invalidJson, 'The body is not valid JSON');
      }
    },
  };
}
