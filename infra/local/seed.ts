// Demo data for the local runtime, and the same helpers for tests: users known to the dev identity
// provider, organizations with their owners, memberships, and an API key with every scope.
import { systemActor } from '#shared/domain/actor';
import { randomBytes } from 'node:crypto';
import type { Role } from '#shared/domain/roles';
import { API_KEY_SCOPES, type Scope } from '#shared/domain/scopes';
import { createApiKey } from '#shared/data/api-keys';
import { correlated, type Db } from '#shared/data/table';
import { addMember, createOrganization } from '#shared/data/organizations';
import { saveUser } from '#shared/data/users';
import { newId } from '#shared/domain/ids';
import type { User } from '#shared/domain/user';
import type { SellerProfile } from '#shared/domain/seller';
import { DEMO_SELLERS, type DemoSeller } from '#infra/local/demo-sellers';

/** The issuer name of the local identity provider; identity links are keyed by it. */
export const DEV_IDP_ISSUER = 'invoicing-dev-idp';
export const DEV_IDP_AUDIENCE = 'invoicing-local';

export type SeededUser = { id: string; email: string; password: string; subject: string };
export type SeededOrganization = { id: string; name: string; ownerUserId: string; apiKey: string };

export async function seedUser(db: Db, email: string, issuer = DEV_IDP_ISSUER): Promise<SeededUser> {
  const user: User = { id: newId('usr'), email, status: 'active', created_at: new Date().toISOString() };
  const subject = `sub-${randomBytes(8).toString('hex')}`;
  await saveUser(db, user, { issuer, subject });
  return { id: user.id, email, subject, password: randomBytes(12).toString('base64url') };
}

export async function seedOrganization(
  db: Db,
  {
    name,
    owner,
    scopes = API_KEY_SCOPES,
    currency = 'USD',
    profile = {},
  }: {
    name: string;
    owner?: { id: string; email: string };
    scopes?: readonly Scope[];
    currency?: string;
    /** The seller's details, as `PATCH /organizations/me/` sets them (the demo's are complete). */
    profile?: SellerProfile;
  },
): Promise<SeededOrganization> {
  const now = new Date();
  const id = newId('org');
  const ownerUser = owner ?? { id: newId('usr'), email: `${id.toLowerCase()}@example.com` };
  await createOrganization(
    db,
    {
      id,
      name,
      subscription_tier: 'free',
      subscription_status: 'active',
      default_currency: currency,
      invoice_prefix: 'INV-',
      ...profile,
      created_at: now.toISOString(),
    },
    ownerUser,
  );
  const seeding = correlated(db, undefined, systemActor('seed'));
  const key = { name: 'Seeded key', scopes, created_by: ownerUser.id, created_by_role: 'owner' as const };
  // Seeded with the organization: nobody made it, so no api_key.created.
  const { secret } = await createApiKey(seeding, id, key);
  return { id, name, ownerUserId: ownerUser.id, apiKey: secret };
}

export const addSeededMember = (
  db: Db,
  organization: SeededOrganization,
  user: { id: string; email: string },
  role: Role,
) => addMember(db, organization, user, role);

export type DemoData = {
  users: (SeededUser & { organizations: { id: string; role: Role }[] })[];
  organizations: SeededOrganization[];
};

/**
 * The first user owns one organization and is a member of a second; the second user owns that
 * second organization and a third the first user cannot see (material for cross-tenant checks).
 */
export async function seedDemo(db: Db): Promise<DemoData> {
  const first = await seedUser(db, 'owner@example.com');
  const second = await seedUser(db, 'second@example.com');
  const seller = ({ currency, ...profile }: DemoSeller) => ({ currency, profile });
  const acme = await seedOrganization(db, { name: 'Acme Studio', owner: first, ...seller(DEMO_SELLERS.acme) });
  const beta = await seedOrganization(db, { name: 'Beta Consulting', owner: second, ...seller(DEMO_SELLERS.beta) });
  const gamma = await seedOrganization(db, { name: 'Gamma Works', owner: second, ...seller(DEMO_SELLERS.gamma) });
  await addSeededMember(db, beta, first, 'member');
  return {
    users: [
      {
        ...first,
        organizations: [
          { id: acme.id, role: 'owner' },
          { id: beta.id, role: 'member' },
        ],
      },
      {
        ...second,
        organizations: [
          { id: beta.id, role: 'owner' },
          { id: gamma.id, role: 'owner' },
        ],
      },
    ],
    organizations: [acme, beta, gamma],
  };
}
