import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from './client.ts';
import { invoiceCounterKey, membershipKey, membershipsOfUser, organizationKey } from './keys.ts';

export type Role = 'owner' | 'admin' | 'member';

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

/** Creates an organization with its invoice counter and its first member, all or nothing. */
export async function createOrganization(db: Db, organization: Organization, owner: { userId: string; email: string }): Promise<void> {
  const { gsi1pk, gsi1sk } = membershipsOfUser(owner.userId);
  await db.client.send(new TransactWriteCommand({
    TransactItems: [
      { Put: { TableName: db.table, Item: { ...organizationKey(organization.id), type: 'organization', ...organization }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: db.table, Item: { ...invoiceCounterKey(organization.id), type: 'invoice_counter', last_number: 0, prefix: organization.invoice_prefix } } },
      {
        Put: {
          TableName: db.table,
          Item: {
            ...membershipKey(organization.id, owner.userId), type: 'membership', gsi1pk, gsi1sk: gsi1sk(organization.id),
            organization_id: organization.id, user_id: owner.userId, email: owner.email, role: 'owner' satisfies Role, created_at: organization.created_at,
          },
        },
      },
    ],
  }));
}

export async function addMember(db: Db, organizationId: string, member: { userId: string; email: string; role: Role }, now = new Date()): Promise<void> {
  const { gsi1pk, gsi1sk } = membershipsOfUser(member.userId);
  await db.client.send(new TransactWriteCommand({
    TransactItems: [
      { ConditionCheck: { TableName: db.table, Key: organizationKey(organizationId), ConditionExpression: 'attribute_exists(pk)' } },
      {
        Put: {
          TableName: db.table,
          Item: {
            ...membershipKey(organizationId, member.userId), type: 'membership', gsi1pk, gsi1sk: gsi1sk(organizationId),
            organization_id: organizationId, user_id: member.userId, email: member.email, role: member.role, created_at: now.toISOString(),
          },
        },
      },
    ],
  }));
}
