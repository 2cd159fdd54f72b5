import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { organizationResource } from '#shared/resources/organization';
import { outboxPut } from '#shared/data/events';
import type { Role } from '#shared/auth/roles';
import type { Db } from '#shared/data/client';
import { invoiceCounterKey, organizationKey } from '#shared/data/keys';
import { membershipItem } from '#shared/data/users';

export type Organization = {
  id: string;
  name: string;
  subscription_tier: string;
  subscription_status: string;
  default_currency: string;
  invoice_prefix: string;
  /** IANA zone of the organization's calendar dates; organizations created before zones were stored are in UTC. */
  time_zone?: string;
  created_at: string;
  updated_at?: string;
};

export const DEFAULT_TIME_ZONE = 'UTC';
export const timeZoneOf = (organization: Pick<Organization, 'time_zone'> | undefined) =>
  organization?.time_zone ?? DEFAULT_TIME_ZONE;

export async function getOrganization(db: Db, organizationId: string): Promise<Organization | undefined> {
  const { Item } = await db.client.send(new GetCommand({ TableName: db.table, Key: organizationKey(organizationId) }));
  return Item as Organization | undefined;
}

/** Creates an organization with its invoice counter and its owner's membership, all or nothing. */
export async function createOrganization(
  db: Db,
  organization: Organization,
  owner: { id: string; email: string },
): Promise<void> {
  const now = new Date(organization.created_at);
  await db.client.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: db.table,
            Item: { ...organizationKey(organization.id), type: 'organization', ...organization },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Put: {
            TableName: db.table,
            Item: {
              ...invoiceCounterKey(organization.id),
              type: 'invoice_counter',
              last_number: 0,
              prefix: organization.invoice_prefix,
            },
          },
        },
        { Put: { TableName: db.table, Item: membershipItem(organization, owner, 'owner', now) } },
      ],
    }),
  );
}

export async function addMember(
  db: Db,
  organization: { id: string; name: string },
  member: { id: string; email: string },
  role: Role,
  now = new Date(),
): Promise<void> {
  await db.client.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          ConditionCheck: {
            TableName: db.table,
            Key: organizationKey(organization.id),
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
        { Put: { TableName: db.table, Item: membershipItem(organization, member, role, now) } },
      ],
    }),
  );
}

/** Renames an organization or moves it to another time zone; answers the new state, or undefined if there is none. */
export async function updateOrganization(
  db: Db,
  organizationId: string,
  change: { name?: string; time_zone?: string },
  now = new Date(),
): Promise<Organization | undefined> {
  const current = await getOrganization(db, organizationId);
  if (!current) return undefined;
  const next: Organization = { ...current, ...change, updated_at: now.toISOString() };
  const fields = [...Object.keys(change), 'updated_at'] as ('name' | 'time_zone' | 'updated_at')[];
  await db.client.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          // Only the fields given are set, so two admins changing different fields both win.
          Update: {
            TableName: db.table,
            Key: organizationKey(organizationId),
            ConditionExpression: 'attribute_exists(pk)',
            UpdateExpression: `SET ${fields.map((field) => `#${field} = :${field}`).join(', ')}`,
            ExpressionAttributeNames: Object.fromEntries(fields.map((field) => [`#${field}`, field])),
            ExpressionAttributeValues: Object.fromEntries(fields.map((field) => [`:${field}`, next[field]])),
          },
        },
        outboxPut(db.table, organizationId, 'organization.updated', organizationResource(next), now),
      ],
    }),
  );
  return next;
}
