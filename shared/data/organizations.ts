import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { organizationResource } from '#shared/domain/resources/organization';
import { outboxPut } from '#shared/data/events';
import type { Role } from '#shared/domain/roles';
import type { TaxRounding } from '#shared/domain/tax';
import type { EInvoiceFormat } from '#shared/domain/e-invoice-format';
import type { Db, CorrelatedDb } from '#shared/data/table';
import { invoiceCounterItem, logoItem, membershipItem, organizationItem, organizationOf } from '#shared/data/items';
import { organizationKey, organizationLogoKey } from '#shared/data/keys';
import type { Logo, LogoInfo } from '#shared/domain/logo';
import { validationError } from '#shared/domain/errors';
import type { NumberingFormat } from '#shared/domain/numbering';
import { normalIban, type SellerProfile, taxIdProblem } from '#shared/domain/seller';
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
];

/** Creates an organization with its invoice counter and its owner's membership, all or nothing. */
export async function createOrganization(
  db: Db,
  organization: Organization,
  owner: { id: string; email: string },
): Promise<void> {
  await db.client.send(new TransactWriteCommand({ TransactItems: foundingWrites(db.table, organization, owner) }));
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
        { Put: { TableName: db.table, Item: membershipItem(membership(organization, member, role, now)) } },
      ],
    }),
  );
}

/**
 * Renames an organization, moves it to another time zone or changes its invoice numbering; answers the
 * new state, or undefined if there is none.
 */
export async function updateOrganization(
  db: CorrelatedDb,
  organizationId: string,
  {
    logo,
    ...change
  }: {
    name?: string;
    time_zone?: string;
    invoice_numbering?: NumberingFormat;
    credit_note_numbering?: NumberingFormat;
    tax_rounding?: TaxRounding;
    e_invoice_format?: EInvoiceFormat | null;
    /** A new logo, or null to remove it. */
    logo?: { logo: Logo; info: LogoInfo } | null;
  } & SellerProfile & { default_currency?: string },
  now = new Date(),
): Promise<Organization | undefined> {
  const current = await getOrganization(db, organizationId);
  if (!current) return undefined;
  const next: Organization = { ...current, ...change, updated_at: now.toISOString() };
  // The logo's bytes go to their own item in the same transaction; the organization keeps its description.
  if (logo === null) delete next.logo;
  else if (logo) next.logo = logo.info;
  const logoItems =
    logo === undefined
      ? []
      : [
          logo === null
            ? { Delete: { TableName: db.table, Key: organizationLogoKey(organizationId) } }
            : { Put: { TableName: db.table, Item: logoItem(organizationId, logo.logo) } },
        ];
  if (change.tax_id !== undefined || change.address !== undefined) {
    const problem = next.tax_id && taxIdProblem(next.tax_id, next.address?.country);
    if (problem) throw validationError({ tax_id: problem });
  }
  if (change.payment_instructions?.iban)
    next.payment_instructions = { ...change.payment_instructions, iban: normalIban(change.payment_instructions.iban) };
  const fields = [...Object.keys(change), 'updated_at'] as (keyof typeof change | 'updated_at')[];
  const logoUpdate = logo === undefined ? '' : logo === null ? ' REMOVE #logo' : ', #logo = :logo';
  await db.client.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          // Only the fields given are set, so two admins changing different fields both win.
          Update: {
            TableName: db.table,
            Key: organizationKey(organizationId),
            ConditionExpression: 'attribute_exists(pk)',
            UpdateExpression: `SET ${fields.map((field) => `#${field} = :${field}`).join(', ')}${logoUpdate}`,
            ExpressionAttributeNames: {
              ...Object.fromEntries(fields.map((field) => [`#${field}`, field])),
              ...(logo === undefined ? {} : { '#logo': 'logo' }),
            },
            ExpressionAttributeValues: {
              ...Object.fromEntries(fields.map((field) => [`:${field}`, next[field]])),
              ...(logo ? { ':logo': logo.info } : {}),
            },
          },
        },
        ...logoItems,
        outboxPut(db, organizationId, 'organization.updated', organizationResource(next), now),
      ],
    }),
  );
  return next;
}
