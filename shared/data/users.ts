// Users, their identity-provider links and their memberships.
import { BatchGetCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { membershipOf, ofType, userItem, userOf } from '#shared/data/items';
import { foundingWrites } from '#shared/data/organizations';
import { newId } from '#shared/domain/ids';
import { query, transact, type Db } from '#shared/data/table';
import { BY, identityLinkKey, indexQuery, membershipKey, membershipsOfUser, userKey } from '#shared/data/keys';
import type { Organization } from '#shared/domain/organization';
import type { Membership, User } from '#shared/domain/user';

export async function findUserByIdentity(db: Db, issuer: string, subject: string): Promise<User | undefined> {
  const { Item: link } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: identityLinkKey(issuer, subject) }),
  );
  if (!link) return undefined;
  const { Item } = await db.client.send(new GetCommand({ TableName: db.table, Key: userKey(String(link.user_id)) }));
  return Item ? userOf(Item) : undefined;
}

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
  const puts = foundingWrites(db.table, organization, user);
  return { organization, puts };
}

/**
 * First sign-in of an identity: the user, the link from the identity, and an organization of their
 * own, all or nothing. A concurrent first sign-in of the same identity loses on the link's
 * condition and reads the winner's user.
 */
export async function provisionUser(
  db: Db,
  identity: { issuer: string; subject: string; email: string; emailVerified?: boolean },
  now = new Date(),
): Promise<User> {
  const user: User = {
    id: newId('usr', now.getTime()),
    email: identity.email,
    ...(identity.emailVerified === undefined ? {} : { email_verified: identity.emailVerified }),
    status: 'active',
    created_at: now.toISOString(),
  };
  const { organization, puts } = ownOrganization(db, user, now);
  // A thrown error may hide a success (a timeout): the link, if it is there, names the user either way.
  const written = await transact(db, {
    identity: {
      Put: {
        TableName: db.table,
        Item: { ...identityLinkKey(identity.issuer, identity.subject), type: 'identity_link', user_id: user.id },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    user: { Put: { TableName: db.table, Item: userItem({ ...user, last_organization_id: organization.id }) } },
    organization: puts,
  }).catch(async (error: unknown) => {
    if (await findUserByIdentity(db, identity.issuer, identity.subject)) return { ok: false as const };
    throw error;
  });
  if (written.ok) return { ...user, last_organization_id: organization.id };
  const existing = await findUserByIdentity(db, identity.issuer, identity.subject);
  if (!existing) throw new Error('the identity is linked to a user that cannot be read');
  return existing;
}

/** Gives a user who belongs nowhere (any more) an organization of their own. */
export async function createOwnOrganization(db: Db, user: User, now = new Date()): Promise<void> {
  await transact(db, { organization: ownOrganization(db, user, now).puts });
}

/** Links an identity to an existing user (seeding, invitations). */
export async function saveUser(db: Db, user: User, identity?: { issuer: string; subject: string }): Promise<void> {
  await transact(db, {
    user: { Put: { TableName: db.table, Item: userItem(user) } },
    identity: identity && {
      Put: {
        TableName: db.table,
        Item: { ...identityLinkKey(identity.issuer, identity.subject), type: 'identity_link', user_id: user.id },
      },
    },
  });
}

export async function membershipsOf(db: Db, userId: string): Promise<Membership[]> {
  const { Items = [] } = await query(db, {
    ...indexQuery(BY.membershipsOfUser, membershipsOfUser(userId)),
  });
  return Items.map(membershipOf);
}

/**
 * A membership as it is now (a consistent read): authentication reads it for every access token and for
 * every API key a member made, so a removal or a role change counts from the moment it was written.
 */
export async function getMembership(db: Db, organizationId: string, userId: string): Promise<Membership | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: membershipKey(organizationId, userId), ConsistentRead: true }),
  );
  return Item ? membershipOf(Item) : undefined;
}

/** The e-mail the identity provider gives now, and whether it verified it. */
export async function syncUserEmail(db: Db, userId: string, email: string, verified: boolean): Promise<void> {
  await db.client.send(
    new UpdateCommand({
      TableName: db.table,
      Key: userKey(userId),
      UpdateExpression: 'SET email = :email, email_verified = :verified',
      ExpressionAttributeValues: { ':email': email, ':verified': verified },
    }),
  );
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

/**
 * A user and their membership of one organization, read together and consistently (refreshing a
 * session): the access token signed from it carries the membership's version as it is now.
 */
export async function userWithMembership(
  db: Db,
  userId: string,
  organizationId: string,
): Promise<{ user?: User; membership?: Membership }> {
  const { Responses } = await db.client.send(
    new BatchGetCommand({
      RequestItems: {
        [db.table]: { Keys: [userKey(userId), membershipKey(organizationId, userId)], ConsistentRead: true },
      },
    }),
  );
  const items = Responses?.[db.table] ?? [];
  const user = ofType(items, 'user');
  const membership = ofType(items, 'membership');
  return { user: user && userOf(user), membership: membership && membershipOf(membership) };
}
