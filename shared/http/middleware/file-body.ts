// Reads a file sent as the body itself (an uploaded e-invoice): 413 over the size limit, 415 for a
// media type the route does not take, 400 for an empty body. API Gateway hands a binary body
// base64-encoded; a text one (XML) may come as it is.
import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { DomainError, ErrorCode, validationError } from '#shared/domain/errors';
import { header, type RequestContext } from '#shared/http/request';

export type FileBodyRule = { mediaTypes: readonly string[]; maxBytes: number; aliases?: Record<string, string> };

export function fileBody({
  mediaTypes,
  maxBytes,
  aliases = {},
}: FileBodyRule): MiddlewareObj<APIGatewayProxyEventV2, unknown, Error, RequestContext> {
  return {
    before: ({ event, context }) => {
      const given = (header(event.headers, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      const mediaType = aliases[given] ?? given;
      if (!mediaTypes.includes(mediaType))
        throw new DomainError(
          ErrorCode.unsupportedMediaType,
          `Send the file as ${mediaTypes.map((type) => `"Content-Type: ${type}"`).join(' or ')}`,
          {
            media_types: mediaTypes,
          },
        );
      const bytes = event.body
        ? event.isBase64Encoded
          ? Buffer.from(event.body, 'base64')
          : Buffer.from(event.body, 'utf8')
        : Buffer.alloc(0);
      if (bytes.byteLength > maxBytes)
        throw new DomainError(ErrorCode.payloadTooLarge, `The file exceeds ${maxBytes} bytes`, { max_bytes: maxBytes });
      if (bytes.byteLength === 0) throw validationError({ body: 'is empty: send the file as the body' });
      context.file = { bytes, mediaType };
    },
  };
}
