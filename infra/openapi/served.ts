// The body of each kind of success that is not JSON (a route's `serves`), as the OpenAPI document describes it.
import type { Route } from '#functions/routes';
import { ATTACHMENT_MEDIA_TYPES } from '#shared/domain/incoming-invoice';

export const binary = { type: 'string' as const, contentMediaType: 'application/octet-stream' };
export const html = { 'text/html': { schema: { type: 'string' as const } } };

/** The body of a success that is not JSON, by what the route serves. */
export const SERVED: Record<NonNullable<Route['serves']>, object> = {
  pdf: { content: { 'application/pdf': { schema: binary } } },
  'e-invoice': {
    content: {
      'application/xml': { schema: { type: 'string' as const } },
      'application/pdf': { schema: { ...binary, description: 'Factur-X: the PDF with the CII XML embedded' } },
    },
  },
  page: { content: html },
  file: {
    content: Object.fromEntries(
      ['application/octet-stream', ...ATTACHMENT_MEDIA_TYPES].map((type) => [type, { schema: binary }]),
    ),
  },
  // An archived object as it was written: a PDF, an e-invoice, an e-mail as sent, a file as received.
  archived: {
    headers: {
      'Repr-Digest': {
        description: 'The SHA-256 of the bytes (RFC 9530): `sha-256=:<base64>:`',
        schema: { type: 'string' as const },
      },
      'X-Archive-Sha256': {
        description: 'The same SHA-256, hex, as the record gives it',
        schema: { type: 'string' as const },
      },
    },
    content: Object.fromEntries(
      [...new Set(['application/xml', 'message/rfc822', 'application/octet-stream', ...ATTACHMENT_MEDIA_TYPES])].map(
        (type) => [type, { schema: binary }],
      ),
    ),
  },
  redirect: {
    headers: {
      Location: { description: 'Where the browser goes next', required: true, schema: { type: 'string' as const } },
    },
  },
};
