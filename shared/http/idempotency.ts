// Idempotency-Key on POST (docs/api.md): same key and same body within 24 h → the first answer,
// same key and another body → 409 idempotency_conflict. Failed requests release their key.
import { createHash } from 'node:crypto';
import { claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey } from '#shared/data/idempotency';
import type { Db } from '#shared/data/table';
import { DomainError, ErrorCode, validationError } from '#shared/domain/errors';
import type { Reply } from '#shared/http/request';

const KEY_SHAPE = /^[\x21-\x7e]{1,255}$/;

/** Key order does not change a body's identity. */
const canonical = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
};

export async function idempotent(
  db: Db,
  request: { key: string | undefined; organizationId: string; method: string; path: string; body: unknown },
  run: () => Promise<Reply>,
): Promise<Reply> {
  const { key, organizationId } = request;
  if (key === undefined) return run();
  if (!KEY_SHAPE.test(key)) throw validationError({ 'Idempotency-Key': 'must be 1 to 255 visible ASCII characters' });
  const fingerprint = createHash('sha256')
    .update(`${request.method} ${request.path}\n${canonical(request.body)}`)
    .digest('hex');
  const claim = await claimIdempotencyKey(db, organizationId, key, fingerprint);
  if (claim.outcome === 'replay')
    return { ...claim.reply, headers: { ...claim.reply.headers, 'idempotent-replayed': 'true' } };
  if (claim.outcome === 'conflict') {
    throw new DomainError(
      ErrorCode.idempotencyConflict,
      claim.reason === 'in_progress'
        ? 'A request with this Idempotency-Key is still being processed'
        : 'This Idempotency-Key was used with a different request',
      { reason: claim.reason },
    );
  }
  let reply: Reply;
  try {
    reply = await run();
  } catch (error) {
    await releaseIdempotencyKey(db, organizationId, key);
    throw error;
  }
  await completeIdempotencyKey(db, organizationId, key, reply);
  return reply;
}
