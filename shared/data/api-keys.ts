// API keys. Two items per key, written together: the lookup item keyed by the SHA-256 of the secret
// (what authentication reads, one GetItem; it names the member who made the key, whose membership
// authentication reads too) and the organization's record of the key (name, hint, creator, last use,
// daily use counts) for listing and management.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { generateApiKey, type ApiKeyLookup, type ApiKeyRecord, type ApiKeyStatus } from '#shared/domain/api-key';
import type { KeyUse } from '#shared/domain/api-key-usage';
import type { Role } from '#shared/domain/roles';
import type { Scope } from '#shared/domain/scopes';
import { newId } from '#shared/domain/ids';
import { type CorrelatedDb, type Db, prefixPage, transact } from '#shared/data/table';
import type { PageRequest } from '#shared/domain/pages';
import { eventParts } from '#shared/data/events';
import type { NewEvent } from '#shared/domain/events';
import {
  API_KEY_RECORD_PREFIX,
  apiKeyKey,
  apiKeyRecordKey,
  appliedUsageKey,
  organizationPartition,
} from '#shared/data/keys';

const USAGE_PREFIX = 'uses_';
const USAGE_DAYS = 30;

function recordOf(item: Record<string, unknown>, now = new Date()): ApiKeyRecord {
  const oldest = new Date(now.getTime() - (USAGE_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
  const usage = Object.entries(item)
    .filter(([name]) => name.startsWith(USAGE_PREFIX))
    .map(([name, count]) => {
      const day = name.slice(USAGE_PREFIX.length);
      return { date: `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}`, requests: Number(count) };
    })
    .filter(({ date }) => date >= oldest)
    .sort((a, b) => b.date.localeCompare(a.date));
  const { id, organization_id, scopes, status, expires_at, name, hint, created_by, created_by_role, created_at } =
    item as ApiKeyRecord;
  const { last_used_at } = item as ApiKeyRecord;
  return {
    id,
    organization_id,
    scopes,
    status,
    expires_at,
    name,
    hint,
    created_by,
    created_by_role,
    created_at,
    last_used_at,
    usage,
  };
}

export async function createApiKey(
  db: CorrelatedDb,
  organizationId: string,
  input: { name: string; scopes: readonly Scope[]; expires_at?: string; created_by: string; created_by_role: Role },
  now = new Date(),
  /** The event of the key's creation, written with it (seeded keys have none: nobody made them). */
  announce?: (record: ApiKeyRecord) => NewEvent,
): Promise<{ record: ApiKeyRecord; secret: string }> {
  const key = generateApiKey();
  // Authentication reads who made the key with the key (docs/security.md "API keys").
  const made = { created_by: input.created_by, created_by_role: input.created_by_role, created_at: now.toISOString() };
  const lookup: ApiKeyLookup = {
    id: newId('key', now.getTime()),
    organization_id: organizationId,
    scopes: [...input.scopes],
    status: 'active',
    expires_at: input.expires_at,
    ...made,
  };
  const record = { ...lookup, ...made, name: input.name, hint: key.hint };
  const written = await transact(db, {
    lookup: {
      Put: {
        TableName: db.table,
        Item: { ...apiKeyKey(key.hash), type: 'api_key', ...lookup },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    record: {
      Put: {
        TableName: db.table,
        Item: { ...apiKeyRecordKey(organizationId, lookup.id), type: 'api_key_record', hash: key.hash, ...record },
      },
    },
    event: announce && eventParts(db, organizationId, [announce({ ...record, usage: [] })], now),
  });
  // 256 random bits: a hash taken already means the generator is broken, not bad luck.
  if (!written.ok) throw new Error('a new API key collided with an existing one');
  return { record: { ...record, usage: [] }, secret: key.secret };
}

export async function findApiKeyByHash(db: Db, hash: string): Promise<ApiKeyLookup | undefined> {
  const { Item } = await db.client.send(new GetCommand({ TableName: db.table, Key: apiKeyKey(hash) }));
  return Item as ApiKeyLookup | undefined;
}

export async function getApiKey(db: Db, organizationId: string, keyId: string): Promise<ApiKeyRecord | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: apiKeyRecordKey(organizationId, keyId) }),
  );
  return Item ? recordOf(Item) : undefined;
}

/** A page of the organization's keys, newest first (their ids sort by creation time). */
export async function listApiKeys(db: Db, organizationId: string, page: PageRequest) {
  const partition = { pk: organizationPartition(organizationId), prefix: API_KEY_RECORD_PREFIX };
  return prefixPage(db, partition, { ...page, newestFirst: true }, (item) => recordOf(item));
}

export class ApiKeyRevokedError extends Error {}

/** Moves a key between active and disabled, or revokes it for good; both items change together. */
export async function setApiKeyStatus(
  db: CorrelatedDb,
  organizationId: string,
  keyId: string,
  status: ApiKeyStatus,
  announce: (record: ApiKeyRecord) => NewEvent,
): Promise<ApiKeyRecord | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: apiKeyRecordKey(organizationId, keyId) }),
  );
  if (!Item) return undefined;
  if (Item.status === 'revoked') throw new ApiKeyRevokedError('This key is revoked');
  const update = (key: Record<string, string>) => ({
    Update: {
      TableName: db.table,
      Key: key,
      UpdateExpression: 'SET #status = :status',
      ConditionExpression: '#status <> :revoked',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':status': status, ':revoked': 'revoked' },
    },
  });
  const changed = recordOf({ ...Item, status });
  const written = await transact(db, {
    record: update(apiKeyRecordKey(organizationId, keyId)),
    lookup: update(apiKeyKey(String(Item.hash))),
    event: eventParts(db, organizationId, [announce(changed)]),
  });
  if (!written.ok) throw new ApiKeyRevokedError('This key is revoked');
  return changed;
}

const usageAttributeOf = (day: string) => `${USAGE_PREFIX}${day.replaceAll('-', '')}`;
/** A batch's marker lives as long as a redelivery of it can arrive. */
const APPLIED_USAGE_SECONDS = 2 * 86_400;

/**
 * Adds a batch of usage lines to the keys' daily counts, once: the batch's marker is written in the
 * same transaction, so a redelivered batch changes nothing. Keys that no longer exist are skipped.
 */
export async function addApiKeyUses(db: Db, batchId: string, uses: KeyUse[], now = new Date()): Promise<boolean> {
  let pending = uses;
  for (;;) {
    // Another batch adding to the same key at that moment conflicts: transact tries again shortly.
    const written = await transact<string>(db, {
      batch: {
        Put: {
          TableName: db.table,
          Item: {
            ...appliedUsageKey(batchId),
            type: 'applied_usage',
            ttl: Math.floor(now.getTime() / 1000) + APPLIED_USAGE_SECONDS,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      ...Object.fromEntries(pending.map((use, index) => [`use ${index}`, usagePart(db, use)])),
    });
    if (written.ok) return true;
    if (written.failed === 'batch') return false; // applied before
    const missing = new Set(written.everyFailed);
    pending = pending.filter((_, index) => !missing.has(`use ${index}`));
  }
}

/** One key's count of a day, on the condition that the key still exists. */
const usagePart = (db: Db, use: KeyUse) => ({
  Update: {
    TableName: db.table,
    Key: apiKeyRecordKey(use.organizationId, use.keyId),
    UpdateExpression: 'SET last_used_at = :last ADD #day :requests',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeNames: { '#day': usageAttributeOf(use.day) },
    ExpressionAttributeValues: { ':last': use.lastUsedAt, ':requests': use.requests },
  },
});
