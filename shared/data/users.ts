// Users, their identity-provider links and their memberships.
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Role } from '#shared/auth/roles';
import { newId } from '#shared/domain/ids';
import type { Db } from '#shared/data/client';
import {
  identityLinkKey,
  invoiceCounterKey,
  membershipKey,
  membershipsOfUser,
  organizationKey,
  userKey,
} from '#shared/data/keys';
import type { Organization } from '#shared/data/organizations';

export type User = {
  id: string;
  email: string;
  status: 'active' | 'disabled';
  last_organization_id?: string;
  created_at: string;
};
export type Membership = {
  organization_id: string;
  organization_name: string;
  user_id: string;
  email: string;
  role: Role;
  created_at: string;
};

export async function findUserByIdentity(db: Db, issuer: string, subject: string): Promise<User | undefined> {
  const { Item: link } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: identityLinkKey(issuer, subject) }),
  );
  if (!link) return undefined;
  const { Item } = await db.client.send(new GetCommand({ TableName: db.table, Key: userKey(String(link.user_id)) }));
  return Item as User | undefined;
}

export const membershipItem = (
  organization: { id: string; name: string },
  user: { id: string; email: string },
  role: Role,
  now: Date,
) => {
  const { gsi1pk, gsi1sk } = membershipsOfUser(user.id);
  const membership: Membership = {
    organization_id: organization.id,
    organization_name: organization.name,
    user_id: user.id,
    email: user.email,
    role,
    created_at: now.toISOString(),
  };
  return {
    ...membershipKey(organization.id, user.id),
    type: 'membership',
    gsi1pk,
    gsi1sk: gsi1sk(organization.id),
    ...membership,
  };
};

/** The items of a new organization owned by `user`: the organization, its counter, the membership. */
function ownOrganization(db: Db, user: { id: string; email: string }, now: Date) {
  const organization: Organization = {
    id: newId('org', now.getTime()),
    name: `${user.email.split('@')[0] || 'My'}'s organization`,
    subscription_tier: 'free',
    subscription_status: 'active',
    default_currency: 'USD',
    invoice_prefix: 'INV-',
    created_at: now.toISOString(),
  };
  const puts = [
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
    { Put: { TableName: db.table, Item: membershipItem(organization, user, 'owner', now) } },
  ];
  return { organization, puts };
}

/**
 * First sign-in of an identity: the user, the link from the identity, and an organization of their
 * own, all or nothing. A concurrent first sign-in of the same identity loses on the link's
 * condition and reads the winner's user.
 */
export async function provisionUser(
  db: Db,
  identity: { issuer: string; subject: string; email: string },
  now = new Date(),
): Promise<User> {
  const user: User = {
    id: newId('usr', now.getTime()),
    email: identity.email,
    status: 'active',
    created_at: now.toISOString(),
  };
  const { organization, puts } = ownOrganization(db, user, now);
  try {
    await db.client.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: db.table,
              Item: { ...identityLinkKey(identity.issuer, identity.subject), type: 'identity_link', user_id: user.id },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Put: {
              TableName: db.table,
              Item: { ...userKey(user.id), type: 'user', ...user, last_organization_id: organization.id },
            },
          },
          ...puts,
        ],
      }),
    );
    return { ...user, last_organization_id: organization.id };
  } catch (error) {
    const existing = await findUserByIdentity(db, identity.issuer, identity.subject);
    if (existing) return existing;
    throw error;
  }
}

/** Gives a user who belongs nowhere (any more) an organization of their own. */
export async function createOwnOrganization(db: Db, user: User, now = new Date()): Promise<void> {
  await db.client.send(new TransactWriteCommand({ TransactItems: ownOrganization(db, user, now).puts }));
}

/** Links an identity to an existing user (seeding, invitations). */
export async function saveUser(db: Db, user: User, identity?: { issuer: string; subject: string }): Promise<void> {
  await db.client.send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: db.table, Item: { ...userKey(user.id), type: 'user', ...user } } },
        ...(identity
          ? [
              {
                Put: {
                  TableName: db.table,
                  Item: {
                    ...identityLinkKey(identity.issuer, identity.subject),
                    type: 'identity_link',
                    user_id: user.id,
                  },
                },
              },
            ]
          : []),
      ],
    }),
  );
}

export async function membershipsOf(db: Db, userId: string): Promise<Membership[]> {
  const { Items = [] } = await db.client.send(
    new QueryCommand({
      TableName: db.table,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :user',
      ExpressionAttributeValues: { ':user': membershipsOfUser(userId).gsi1pk },
    }),
  );
  return Items.map((item) => ({
    organization_id: item.organization_id,
    organization_name: item.organization_name,
    user_id: item.user_id,
    email: item.email,
    role: item.role,
    created_at: item.created_at,
  }));
}

export async function getMembership(db: Db, organizationId: string, userId: string): Promise<Membership | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: membershipKey(organizationId, userId) }),
  );
  return Item as Membership | undefined;
}

export async function rememberOrganization(db: Db, userId: string, organizationId: string): Promise<void> {
  await db.client.send(
    new UpdateCommand({
      TableName: db.table,
      Key: userKey(userId),
      UpdateExpression: 'SET last_organization_id = :org',
      ExpressionAttributeValues: { ':org': organizationId },
    }),
  );
}
