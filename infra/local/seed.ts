// Demo data for the local runtime, and the same helpers for tests: an organization with its owner
// and an API key that carries every scope.
import { generateApiKey } from '../../shared/auth/api-key.ts';
import { ALL_SCOPES, type Scope } from '../../shared/auth/scopes.ts';
import { saveApiKey } from '../../shared/data/api-keys.ts';
import type { Db } from '../../shared/data/client.ts';
import { addMember, createOrganization, type Role } from '../../shared/data/organizations.ts';
import { newId } from '../../shared/domain/ids.ts';

export type SeededOrganization = { id: string; name: string; ownerUserId: string; apiKey: string };

export async function seedOrganization(
  db: Db,
  { name, owner, scopes = ALL_SCOPES, currency = 'USD' }: { name: string; owner: { userId: string; email: string }; scopes?: readonly Scope[]; currency?: string },
): Promise<SeededOrganization> {
  const now = new Date();
  const id = newId('org');
  await createOrganization(db, {
    id, name, subscription_tier: 'free', subscription_status: 'active', default_currency: currency, invoice_prefix: 'INV-', created_at: now.toISOString(),
  }, owner);
  const apiKey = await issueApiKey(db, id, owner.userId, scopes);
  return { id, name, ownerUserId: owner.userId, apiKey };
}

export async function issueApiKey(db: Db, organizationId: string, createdBy: string, scopes: readonly Scope[], name = 'Seeded key'): Promise<string> {
  const key = generateApiKey();
  await saveApiKey(db, key.hash, {
    id: newId('key'), organization_id: organizationId, name, hint: key.hint, scopes: [...scopes], status: 'active',
    created_by: createdBy, created_at: new Date().toISOString(),
  });
  return key.secret;
}

export type DemoData = {
  users: { id: string; email: string; organizations: { id: string; role: Role }[] }[];
  organizations: SeededOrganization[];
};

/**
 * The first user owns one organization and is a member of a second; the second user owns that
 * second organization and a third the first user cannot see (material for cross-tenant checks).
 */
export async function seedDemo(db: Db): Promise<DemoData> {
  const first = { userId: newId('usr'), email: 'owner@example.com' };
  const second = { userId: newId('usr'), email: 'second@example.com' };
  const acme = await seedOrganization(db, { name: 'Acme Studio', owner: first });
  const beta = await seedOrganization(db, { name: 'Beta Consulting', owner: second, currency: 'EUR' });
  const gamma = await seedOrganization(db, { name: 'Gamma Works', owner: second });
  await addMember(db, beta.id, { ...first, role: 'member' });
  return {
    users: [
      { id: first.userId, email: first.email, organizations: [{ id: acme.id, role: 'owner' }, { id: beta.id, role: 'member' }] },
      { id: second.userId, email: second.email, organizations: [{ id: beta.id, role: 'owner' }, { id: gamma.id, role: 'owner' }] },
    ],
    organizations: [acme, beta, gamma],
  };
}
