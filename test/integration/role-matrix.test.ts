// The role matrix of docs/security.md, route by route: every authenticated route called as owner,
// admin and member with a signed-in user's access token. A role the matrix refuses a route gets 403
// permission_denied before anything is read; any other answer means the role passed (its input is
// not valid here, so nothing is written). The expected table is written out below, not derived from
// shared/domain/roles.ts, so a change to either shows here.
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type Route, type RouteName } from '#functions/routes';
import { accessToken, call, newTenant } from '#test/support/api';
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
const userId = newId('usr');
const tokens = {} as Record<(typeof ROLES)[number], string>;
beforeAll(async () => {
  tenant = await newTenant('Roles');
  for (const role of ROLES) tokens[role] = await accessToken({ userId, organizationId: tenant.id, role });
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
      [...route.path.matchAll(/\{(\w+)\}/g)].map(([, param]) => [param, name === 'remove-member' ? userId : 'x']),
    );
    const answer = await call(name as RouteName, { token: tokens[role], params, body: {} });
    const refused = answer.status === 403 && answer.json?.error?.code === 'permission_denied';
    expect(refused, `${answer.status} ${answer.text.slice(0, 200)}`).toBe(
      role === 'member' && REFUSED_TO_MEMBERS.has(name),
    );
  });
});
