import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '../auth/roles.ts';
import type { Db } from './client.ts';
import { invoiceCounterKey, organizationKey } from './keys.ts';
import { membershipItem } from './users.ts';

export type Organization = {
  id: string;
  name: string;
  subscription_tier: string;
  subscription_status: string;
  default_currency: string;
  invoice_prefix: string;
  created_at: string;
};

export async function getOrganization(db: Db, organizationId: string): Promise<Organization | undefined> {
  const { Item } = await db.client.send(new GetCommand({ TableName: db.table, Key: organizationKey(organizationId) }));
  return Item as Organization | undefined;
}

/** Creates an organization with its invoice counter and its owner's membership, all or nothing. */
export async function createOrganization(db: Db, organization: Organization, owner: { id: string; email: string }): Promise<void> {
  const now = new Date(organization.created_at);
  await db.client.send(new TransactWriteCommand({
    TransactItems: [
      { Put: { TableName: db.table, Item: { ...organizationKey(organization.id), type: 'organization', ...organization }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: db.table, Item: { ...invoiceCounterKey(organization.id), type: 'invoice_counter', last_number: 0, prefix: organization.invoice_prefix } } },
      { Put: { TableName: db.table, Item: membershipItem(organization, owner, 'owner', now) } },
    ],
  }));
}

export async function addMember(db: Db, organization: { id: string; name: string }, member: { id: string; email: string }, role: Role, now = new Date()): Promise<void> {
  await db.client.send(new TransactWriteCommand({
    TransactItems: [
      { ConditionCheck: { TableName: db.table, Key: organizationKey(organization.id), ConditionExpression: 'attribute_exists(pk)' } },
      { Put: { TableName: db.table, Item: membershipItem(organization, member, role, now) } },
    ],
  }));
}
