// The documents about the API itself: the keys that verify access tokens, and this OpenAPI document.
import * as z from 'zod/mini';

/** Public keys only (RFC 7517); the fields each key carries depend on its type. */
export const jwksResponse = z
  .strictObject({
    keys: z.array(z.looseObject({ kty: z.string(), kid: z.optional(z.string()), alg: z.optional(z.string()) })),
  })
  .register(z.globalRegistry, { id: 'JsonWebKeySet' });

export const openApiResponse = z
  .looseObject({
    openapi: z.literal('3.1.0'),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .register(z.globalRegistry, { id: 'OpenApiDocument', description: 'This document' });
