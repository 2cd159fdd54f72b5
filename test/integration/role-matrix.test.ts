// The role matrix of docs/security.md, route by route: every authenticated route called as owner,
// admin and member with the access token of a member of that role. A role the matrix refuses a route
// gets 403 permission_denied before anything is read; any other answer but 401 means the role passed
// (its input is not valid here, so nothing is written). The expected table is written out below, not derived from
// shared/domain/roles.ts, so a change to either shows here.
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type Route, type RouteName } from '#functions/routes';
import { addSeededMember, seedUser } from '#infra/local/seed';
import { accessToken, call, db, newTenant } from '#test/support/api';
import { newId } from '#shared/domain/ids';

/** What a member may not do: API keys, settings, webhooks, members, the audit log (leaving is remove-member with one's own id). */
const REFUSED_TO_MEMBERS = new Set<string>([
  'update-organization',
  'update-member',
  'create-invitation',
  'list-invitations',
  'revoke-invitation',
  'list-audit-log',
  'verify-audit-log',
  'create-api-key',
  'list-api-keys',
  'get-api-key',
  'disable-api-key',
  'enable-api-key',
  'revoke-api-key',
  'create-webhook',
  'update-webhook',
  'delete-webhook',
  'rotate-webhook-secret',
  'test-webhook',
  'retry-delivery',
]);
const ROLES = ['owner', 'admin', 'member'] as const;
const authenticated = (ROUTES as readonly Route[]).filter((route) => route.credentials !== 'public');

let tenant: Awaited<ReturnType<typeof newTenant>>;
const users = {} as Record<(typeof ROLES)[number], string>;
const tokens = {} as Record<(typeof ROLES)[number], string>;
/** A member of `role` (again, after leaving), and their access token. */
async function join(role: (typeof ROLES)[number]) {
  await addSeededMember(db, tenant, { id: users[role], email: `${users[role]}@roles.example` }, role);
  tokens[role] = await accessToken({ userId: users[role], organizationId: tenant.id, role });
}
beforeAll(async () => {
  tenant = await newTenant('Roles');
  for (const role of ROLES) {
    users[role] = (await seedUser(db, `${newId('usr').toLowerCase()}@roles.example`)).id;
    await join(role);
  }
});

describe('the role matrix', () => {
  it('names only routes that exist', () => {
    const names = new Set(authenticated.map((route) => route.name));
    expect([...REFUSED_TO_MEMBERS].filter((name) => !names.has(name))).toEqual([]);
  });

  it.each(
    authenticated.flatMap((route) => ROLES.map((role) => [route.name, role, route] as const)),
  )('%s as %s', async (name, role, route) => {
    const params = Object.fromEntries(
      [...route.path.matchAll(/\{(\w+)\}/g)].map(([, param]) => [param, name === 'remove-member' ? users[role] : 'x']),
    );
    const answer = await call(name as RouteName, { token: tokens[role], params, body: {} });
    // Removing oneself is leaving, which every role may do: the member joins again for the routes after.
    if (name === 'remove-member' && answer.status === 204) await join(role);
    expect(answer.status, answer.text.slice(0, 200)).not.toBe(401);
    const refused = answer.status === 403 && answer.json?.error?.code === 'permission_denied';
    expect(refused, `${answer.status} ${answer.text.slice(0, 200)}`).toBe(
      role === 'member' && REFUSED_TO_MEMBERS.has(name),
    );
  });
});
