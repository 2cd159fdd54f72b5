// Audit entries and the chain's check as the API answers them.
import * as z from 'zod/mini';
import type { AuditEntry, ChainCheck } from '#shared/domain/audit';
import { idOfResource, pageOf, type Same, sha256, timestamp } from '#shared/http/schemas/responses/common';
import { actorResponse } from '#shared/http/schemas/responses/events';

export const auditEntryResponse = z
  .strictObject({
    seq: z.number(),
    event_id: idOfResource('evt'),
    at: timestamp,
    occurred_at: timestamp,
    action: z.string(),
    actor: z.nullable(actorResponse),
    resource: z.strictObject({ type: z.string(), id: z.nullable(z.string()) }),
    /** An archive record's entry: the SHA-256 of the bytes it archived (docs/archive.md). */
    sha256: z.optional(sha256),
    prev_hash: sha256,
    hash: sha256,
  })
  .register(z.globalRegistry, { id: 'AuditEntry' });

export const auditPage = pageOf(auditEntryResponse).register(z.globalRegistry, { id: 'AuditEntryPage' });

export const chainCheckResponse = z
  .discriminatedUnion('status', [
    z.strictObject({
      status: z.literal('ok'),
      entries: z.number(),
      first_seq: z.nullable(z.number()),
      last_seq: z.nullable(z.number()),
    }),
    z.strictObject({
      status: z.literal('broken'),
      entries: z.number(),
      seq: z.number(),
      event_id: z.nullable(idOfResource('evt')),
      reason: z.string(),
    }),
  ])
  .register(z.globalRegistry, {
    id: 'AuditChainCheck',
    description: '`ok`, or the first entry where the chain breaks and why',
  });

const _agree: [
  Same<z.output<typeof auditEntryResponse>, AuditEntry>,
  Same<z.output<typeof chainCheckResponse>, ChainCheck>,
] = [true, true];
