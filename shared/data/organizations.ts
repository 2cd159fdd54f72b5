import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { eventParts } from '#shared/data/events';
import type { NewEvent } from '#shared/domain/events';
import type { Role } from '#shared/domain/roles';
import { transact, type Db, type CorrelatedDb, type WritePart } from '#shared/data/table';
import {
  invoiceCounterItem,
  logoItem,
  logoOf,
  membershipItem,
  organizationItem,
  organizationOf,
} from '#shared/data/items';
import { organizationKey, organizationLogoKey } from '#shared/data/keys';
import { peppolReceiverParts } from '#shared/data/peppol-receivers';
import type { Logo, LogoInfo } from '#shared/domain/logo';
import type { Membership } from '#shared/domain/user';
import type { Organization } from '#shared/domain/organization';

export async function getOrganization(db: Db, organizationId: string): Promise<Organization | undefined> {
  const { Item } = await db.client.send(new GetCommand({ TableName: db.table, Key: organizationKey(organizationId) }));
  return Item ? organizationOf(Item) : undefined;
}

const membership = (
  organization: { id: string; name: string },
  member: { id: string; email: string },
  role: Role,
  now: Date,
): Membership => ({
  organization_id: organization.id,
  organization_name: organization.name,
  user_id: member.id,
  email: member.email,
  role,
  created_at: now.toISOString(),
});

/** The writes that found an organization: it, its invoice counter and its owner's membership. */
/** The organization's logo, if it has one (kept beside it so the organization item stays small). */
export async function getLogo(db: Db, organizationId: string): Promise<Logo | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: organizationLogoKey(organizationId) }),
  );
  return Item ? logoOf(Item) : undefined;
}

export const foundingWrites = (table: string, organization: Organization, owner: { id: string; email: string }) => [
  {
    Put: { TableName: table, Item: organizationItem(organization), ConditionExpression: 'attribute_not_exists(pk)' },
  },
  { Put: { TableName: table, Item: invoiceCounterItem(organization) } },
  {
    Put: {
      TableName: table,
      Item: membershipItem(membership(organization, owner, 'owner', new Date(organization.created_at))),
    },
  },
  ...peppolReceiverParts(table, organization.id, undefined, organization.peppol_id),
];

/** Creates an organization with its invoice counter and its owner's membership, all or nothing. */
export async function createOrganization(
  db: Db,
  organization: Organization,
  owner: { id: string; email: string },
): Promise<void> {
  await transact(db, { organization: foundingWrites(db.table, organization, owner) });
}

export async function addMember(
  db: Db,
  organization: { id: string; name: string },
  member: { id: string; email: string },
  role: Role,
  now = new Date(),
): Promise<void> {
  const written = await transact(db, {
    organization: {
      ConditionCheck: {
        TableName: db.table,
        Key: organizationKey(organization.id),
        ConditionExpression: 'attribute_exists(pk)',
      },
    },
    membership: { Put: { TableName: db.table, Item: membershipItem(membership(organization, member, role, now)) } },
  });
  if (!written.ok) throw new Error(`organization ${organization.id} does not exist`);
}

/** An organization's change as the operation decided it: the fields given, and the logo to put or remove. */
export type OrganizationChange = {
  /** The fields to write; null removes one. */
  fields: { [Field in keyof Organization]?: Organization[Field] | null };
  /** A new logo, or null to remove it. */
  logo?: { logo: Logo; info: LogoInfo } | null;
  /** The `peppol_id` it had, where `fields` changes it: its receiver claim moves with it. */
  peppolIdBefore?: string;
};

/**
 * Writes the fields given (so two admins changing different fields both win), the logo's bytes in their
 * own item (the organization keeps its description), and the event, in one transaction.
 */
export async function saveOrganizationChange(
  db: CorrelatedDb,
  organizationId: string,
  { fields: change, logo, peppolIdBefore }: OrganizationChange,
  event: NewEvent,
  now = new Date(),
  /** More of the same transaction (a reminder backfill when the policy changes). */
  also?: WritePart,
): Promise<boolean> {
  // A field set to null is removed, as an absent one reads: null.
  const names = (Object.keys(change) as (keyof Organization)[]).filter((field) => change[field] !== null);
  const removed = (Object.keys(change) as (keyof Organization)[]).filter((field) => change[field] === null);
  const sets = [...names.map((field) => `#${field} = :${field}`), ...(logo ? ['#logo = :logo'] : [])];
  const removals = [...removed.map((field) => `#${field}`), ...(logo === null ? ['#logo'] : [])];
  const written = await transact(db, {
    organization: {
      Update: {
        TableName: db.table,
        Key: organizationKey(organizationId),
        // The archive's retention is only ever raised: a change that raced a higher one is refused.
        ConditionExpression:
          change.archive_retention_years === undefined
            ? 'attribute_exists(pk)'
            : 'attribute_exists(pk) AND (attribute_not_exists(#archive_retention_years) OR #archive_retention_years <= :archive_retention_years)',
        UpdateExpression: `SET ${sets.join(', ')}${removals.length ? ` REMOVE ${removals.join(', ')}` : ''}`,
        ExpressionAttributeNames: {
          ...Object.fromEntries([...names, ...removed].map((field) => [`#${field}`, field])),
          ...(logo === undefined ? {} : { '#logo': 'logo' }),
        },
        ExpressionAttributeValues: {
          ...Object.fromEntries(names.map((field) => [`:${field}`, change[field]])),
          ...(logo ? { ':logo': logo.info } : {}),
        },
      },
    },
    logo:
      logo === undefined
        ? undefined
        : logo === null
          ? { Delete: { TableName: db.table, Key: organizationLogoKey(organizationId) } }
          : { Put: { TableName: db.table, Item: logoItem(organizationId, logo.logo) } },
    event: eventParts(db, organizationId, [event], now),
    peppolReceiver:
      change.peppol_id === undefined
        ? undefined
        : peppolReceiverParts(db.table, organizationId, peppolIdBefore, change.peppol_id ?? undefined),
    also,
  });
  return written.ok;
}
