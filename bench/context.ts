// What the bench sections share: the run's constants, the state bench/run.ts sets up for them, and
// the helpers more than one section uses.
import { systemActor } from '#shared/domain/actor';
import { resolve } from 'node:path';
import type { Rows } from '#bench/rows';
import type { SeededOrganization } from '#infra/local/seed';
import { signAccessToken } from '#shared/auth/access-token';
import type { SigningKeys } from '#shared/auth/signing-keys';
import { type CorrelatedDb, correlated, createDb } from '#shared/data/table';

/** Bundles and the renderer's fonts, removed when the run ends. */
export const OUT = resolve('.bench');
export const TABLE = 'invoicing-bench';
/** Pairs of every interleaved row, after one warm-up pair. */
export const PAIRS = 15;
/** Pairs of a reported row: it explains the rows held to a target, and the bench keeps within ten minutes. */
export const REFERENCE_PAIRS = 7;
export const PAIR_REQUESTS = 80;
export const CONCURRENCY = 8;

export type BenchContext = {
  db: CorrelatedDb;
  /** Where a section starts the local API; also the base of the public links it writes. */
  apiPort: number;
  /** The keys the API signs and checks access tokens with (its environment holds them). */
  keys: SigningKeys;
  /** CONCURRENCY organizations: worker `i` of a rate acts as `tenants[i]`. */
  tenants: SeededOrganization[];
  rows: Rows;
  /** Whether the bundle rows take this route (`npm run bench -- send pdf`). */
  benchedRoute: (name: string) => boolean;
};

export type BenchSection = (context: BenchContext) => Promise<void>;

/** Requests per second of `run`, issued by CONCURRENCY workers at once. */
export const rate = async (run: (worker: number) => Promise<unknown>, requests = PAIR_REQUESTS) => {
  let issued = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      while (issued < requests) {
        issued++;
        await run(worker);
      }
    }),
  );
  return requests / ((performance.now() - started) / 1000);
};

/** An owner's access token for the first tenant, for the routes that take a user's credential, not an API key. */
export const ownerToken = ({ keys, tenants }: BenchContext) =>
  signAccessToken(
    keys.privateJwk,
    // The founding owner's membership has never changed: version 0.
    { userId: tenants[0]!.ownerUserId, organizationId: tenants[0]!.id, role: 'owner', membershipVersion: 0 },
    { issuer: 'invoicing-service', audience: 'invoicing-api', ttlSeconds: 3600 },
  );

/**
 * A table handle of its own, its DynamoDB requests counted on both its clients (queries go through
 * the second, whose middleware is fixed at its first call), and the items its transactions wrote.
 * `name` names the counting middleware.
 */
export function countedDb(name: string) {
  const counted = { db: correlated(createDb(TABLE), undefined, systemActor('bench')), calls: 0, transactItems: 0 };
  for (const client of [counted.db.client, counted.db.queries])
    client.middlewareStack.add(
      (next) => async (args) => {
        counted.calls++;
        counted.transactItems += (args.input as { TransactItems?: unknown[] }).TransactItems?.length ?? 0;
        return next(args);
      },
      { step: 'initialize', name },
    );
  return counted;
}
