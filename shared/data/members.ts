// An organization's members and invitations (docs/security.md "Members and invitations"). Every change
// to the members moves the team item's version on, on the condition that it is the version read, so
// two changes that each leave an owner can never together leave none.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { membershipItem, membershipOf, userOf } from '#shared/data/items';
import {
  invitationKey,
  invitationsOf,
  invitationTokenKey,
  MEMBER_PREFIX,
  membershipKey,
  teamKey,
  teamOf,
  userKey,
} from '#shared/data/keys';
import { prefixPage, queryAll, type Db, type WritePart } from '#shared/data/table';
import type { PageRequest } from '#shared/domain/pages';
import type { Invitation } from '#shared/domain/invitation';
import type { Membership, User } from '#shared/domain/user';

/** Invitations stay readable this long after they expire (to say why a late link fails), then TTL deletes them. */
const KEPT_AFTER_EXPIRY_SECONDS = 30 * 86_400;

export type Team = { members: Membership[]; version: number };

/** The organization's members and the team's version, read consistently in one Query. */
export async function getTeam(db: Db, organizationId: string): Promise<Team> {
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :first AND :last',
    ExpressionAttributeValues: teamOf(organizationId),
    ConsistentRead: true,
  });
  const team = items.find((item) => item.sk === 'MEMBERS');
  return {
    members: items.filter((item) => String(item.sk).startsWith(MEMBER_PREFIX)).map(membershipOf),
    version: Number(team?.version ?? 0),
  };
}

/** The team moves on from the version `read`: fails if another change to the members came first. */
export const teamChangedPart = (db: Db, organizationId: string, read: number): WritePart => ({
  Update: {
    TableName: db.table,
    Key: teamKey(organizationId),
    UpdateExpression: 'SET #version = :next, #type = :type',
    ConditionExpression: read === 0 ? 'attribute_not_exists(pk)' : '#version = :read',
    ExpressionAttributeNames: { '#version': 'version', '#type': 'type' },
    ExpressionAttributeValues: { ':next': read + 1, ':type': 'team', ...(read === 0 ? {} : { ':read': read }) },
  },
});

/**
 * The membership as changed with the team's move from the version `read`: it takes the team's new version
 * as its own, so every change gives it a version it never had, and access tokens signed with an earlier
 * one are refused (shared/http/middleware/authenticate.ts).
 */
export const membershipPart = (db: Db, membership: Membership, read: number): WritePart => ({
  Put: { TableName: db.table, Item: membershipItem({ ...membership, version: read + 1 }) },
});

export const membershipRemovedPart = (db: Db, organizationId: string, userId: string): WritePart => ({
  Delete: { TableName: db.table, Key: membershipKey(organizationId, userId) },
});

export async function getUser(db: Db, userId: string): Promise<User | undefined> {
  const { Item } = await db.client.send(new GetCommand({ TableName: db.table, Key: userKey(userId) }));
  return Item ? userOf(Item) : undefined;
}

const invitationItem = (invitation: Invitation) => ({
  ...invitationKey(invitation.organization_id, invitation.id),
  type: 'invitation',
  ...invitation,
  ttl: Math.floor(Date.parse(invitation.expires_at) / 1000) + KEPT_AFTER_EXPIRY_SECONDS,
});

/** A new invitation, and the item its token's hash finds it by. */
export const newInvitationParts = (db: Db, invitation: Invitation, tokenHash: string): WritePart[] => [
  { Put: { TableName: db.table, Item: invitationItem(invitation), ConditionExpression: 'attribute_not_exists(pk)' } },
  {
    Put: {
      TableName: db.table,
      Item: {
        ...invitationTokenKey(tokenHash),
        type: 'invitation_token',
        organization_id: invitation.organization_id,
        invitation_id: invitation.id,
        ttl: Math.floor(Date.parse(invitation.expires_at) / 1000) + KEPT_AFTER_EXPIRY_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  },
];

/** The invitation as changed (accepted or revoked), on the condition that it was still pending. */
export const changedInvitationPart = (db: Db, invitation: Invitation): WritePart => ({
  Put: {
    TableName: db.table,
    Item: invitationItem(invitation),
    ConditionExpression: '#status = :pending',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':pending': 'pending' },
  },
});

const invitationOf = (item: Record<string, unknown>): Invitation => {
  const { pk: _pk, sk: _sk, type: _type, ttl: _ttl, ...invitation } = item;
  return invitation as Invitation;
};

export async function listInvitations(db: Db, organizationId: string): Promise<Invitation[]> {
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: invitationsOf(organizationId),
    ConsistentRead: true,
  });
  return items.map(invitationOf);
}

/** A page of the invitations of every status, oldest first, read consistently. */
export async function invitationsPage(db: Db, organizationId: string, page: PageRequest) {
  const { ':pk': pk, ':prefix': prefix } = invitationsOf(organizationId);
  return prefixPage(db, { pk, prefix }, { ...page, consistent: true }, invitationOf);
}

export async function getInvitation(db: Db, organizationId: string, id: string): Promise<Invitation | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: invitationKey(organizationId, id), ConsistentRead: true }),
  );
  return Item ? invitationOf(Item) : undefined;
}

export async function invitationByToken(db: Db, tokenHash: string): Promise<Invitation | undefined> {
  const { Item } = await db.client.send(new GetCommand({ TableName: db.table, Key: invitationTokenKey(tokenHash) }));
  return Item ? getInvitation(db, String(Item.organization_id), String(Item.invitation_id)) : undefined;
}
