import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Scope } from '../auth/scopes.ts';
import type { Db } from './client.ts';
import { apiKeyKey, apiKeysOfOrganization } from './keys.ts';

export type ApiKeyRecord = {
  id: string;
  organization_id: string;
  name: string;
  hint: string;
  scopes: Scope[];
  status: 'active' | 'disabled' | 'revoked';
  created_by: string;
  created_at: string;
  expires_at?: string;
};

export async function findApiKeyByHash(db: Db, hash: string): Promise<ApiKeyRecord | undefined> {
  const { Item } = await db.client.send(new GetCommand({ TableName: db.table, Key: apiKeyKey(hash) }));
  return Item as ApiKeyRecord | undefined;
}

export async function saveApiKey(db: Db, hash: string, record: ApiKeyRecord): Promise<void> {
  await db.client.send(new PutCommand({
    TableName: db.table,
    Item: { ...apiKeyKey(hash), type: 'api_key', gsi1pk: apiKeysOfOrganization(record.organization_id), gsi1sk: record.id, ...record },
    ConditionExpression: 'attribute_not_exists(pk)',
  }));
}
