// Getting an access token: the ready one `npm run token` prints, and the spec's sign-in flow against
// the dev identity provider (login, exchange, expiry, refresh, switching organization, refusal).
import { spawnSync } from 'node:child_process';
import { expect, it } from 'vitest';
import { ACCESS_TTL, TSX, useLocalRuntime } from '#test/e2e/support/local-runtime';

const runtime = useLocalRuntime();
const { api } = runtime;

/** Signs in at the dev identity provider's login address. */
async function login(email: string, password: string) {
  const response = await fetch(runtime.info.idp_login_url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return {
    status: response.status,
    json: (await response.json()) as { idp_token?: string; error?: { code: string } },
  };
}

it('prints a ready access token with `npm run token`, as the README uses it', async () => {
  const { info, stateDir } = runtime;
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [TSX, 'infra/local/token.ts', ...args], {
      env: { ...process.env, DEV_STATE_DIR: stateDir },
      encoding: 'utf8',
    });
  const access = run().stdout.trim();
  const organizations = await api('GET', '/api/v1/users/me/organizations/', { token: access });
  expect(organizations.status).toBe(200);
  const second = JSON.parse(run(info.users[1]!.email, '--json').stdout);
  expect(Object.keys(second).sort()).toEqual(['access', 'access_expires', 'organization', 'refresh']);
  expect(second.organization.role).toBe('owner');
  const unknown = run('nobody@example.com');
  expect([unknown.status, unknown.stderr]).toEqual([1, expect.stringContaining('No demo user nobody@example.com')]);
});

it('runs the spec’s sign-in flow: login, exchange, call, expiry, refresh, switch, refusal', async () => {
  const [first, second] = runtime.info.users;
  const wrong = await login(first!.email, 'not-the-password');
  expect([wrong.status, wrong.json.error?.code]).toEqual([401, 'invalid_credentials']);

  const {
    json: { idp_token },
  } = await login(first!.email, first!.password);
  const exchanged = await api('POST', '/api/v1/users/auth/exchange/', { token: null, body: { idp_token } });
  expect(exchanged.status).toBe(200);
  expect(exchanged.json.access_expires).toBe(ACCESS_TTL);
  const home = exchanged.json.organization.id;
  expect((await api('GET', '/api/v1/invoices/', { token: exchanged.json.access })).status).toBe(200);

  await new Promise((resolve) => setTimeout(resolve, (ACCESS_TTL + 6) * 1000)); // TTL plus the 5 s clock allowance
  const expired = await api('GET', '/api/v1/invoices/', { token: exchanged.json.access });
  expect([expired.status, expired.json.error.code]).toEqual([401, 'token_expired']);
  expect(Date.parse(expired.json.error.details.expired_at)).toBeLessThan(Date.now());

  const refreshed = await api('POST', '/api/v1/users/auth/refresh/', {
    token: null,
    body: { refresh: exchanged.json.refresh },
  });
  expect(refreshed.status).toBe(200);
  expect((await api('GET', '/api/v1/invoices/', { token: refreshed.json.access })).status).toBe(200);
  expect(
    (await api('POST', '/api/v1/users/auth/refresh/', { token: null, body: { refresh: exchanged.json.refresh } }))
      .status,
  ).toBe(200);

  const target = first!.organizations.find((id) => id !== home)!;
  const {
    json: { idp_token: again },
  } = await login(first!.email, first!.password);
  const switched = await api('POST', '/api/v1/users/auth/exchange/', {
    token: null,
    body: { idp_token: again, organization_id: target },
  });
  expect(switched.json.organization.id).toBe(target);
  const organizations = await api('GET', '/api/v1/users/me/organizations/', { token: switched.json.access });
  const active = organizations.json.filter((organization: { is_active: boolean }) => organization.is_active);
  expect(active.map((organization: { id: string }) => organization.id)).toEqual([target]);
  expect(organizations.json.map((organization: { id: string }) => organization.id).sort()).toEqual(
    [...first!.organizations].sort(),
  );

  const foreign = second!.organizations.find((id) => !first!.organizations.includes(id))!;
  const denied = await api('POST', '/api/v1/users/auth/exchange/', {
    token: null,
    body: { idp_token: again, organization_id: foreign },
  });
  expect([denied.status, denied.json.error.code]).toEqual([403, 'organization_access_denied']);
});

it('joins a team: invited by e-mail, accepted after signing in, working as member until removed', async () => {
  const [owner, invitee] = runtime.info.users;
  const acme = owner!.organizations.find((id) => !invitee!.organizations.includes(id))!;
  const signIn = async (user: typeof owner, organizationId?: string) => {
    const { json } = await login(user!.email, user!.password);
    const body = { idp_token: json.idp_token, ...(organizationId ? { organization_id: organizationId } : {}) };
    return (await api('POST', '/api/v1/users/auth/exchange/', { token: null, body })).json;
  };
  const owned = await signIn(owner, acme);
  const invited = await api('POST', '/api/v1/organizations/me/invitations/', {
    token: owned.access,
    body: { email: invitee!.email, role: 'member' },
  });
  expect(invited.status).toBe(201);
  const store = (await (await fetch(runtime.info.email_store_url)).json()) as {
    emails: { destination: { to: string[] }; subject: string; body: { text: string } }[];
  };
  const mail = store.emails.filter((email) => email.destination.to.some((to) => to.includes(invitee!.email))).at(-1)!;
  // The invitation names the organization by its legal name (the demo seller's profile).
  expect(mail.subject).toBe('You are invited to join Acme Studio GmbH');
  const token = /inv_it_[A-Za-z0-9_-]{43}/.exec(mail.body.text)![0];

  const own = await signIn(invitee);
  const accepted = await api('POST', `/api/v1/invitations/${token}/accept/`, { token: own.access });
  expect(accepted.json).toEqual({ organization: { id: acme, name: 'Acme Studio', role: 'member' } });
  const member = await signIn(invitee, acme);
  expect(member.organization).toEqual({ id: acme, name: 'Acme Studio', role: 'member' });
  const client = await api('POST', '/api/v1/clients/', {
    token: member.access,
    body: { name: 'Team client', email: 'team@client.example' },
  });
  const invoice = await api('POST', '/api/v1/invoices/', {
    token: member.access,
    body: {
      client: client.json.id,
      line_items: [{ description: 'Work', quantity: 1, unit_price: '100.00', tax_rate: '0' }],
    },
  });
  expect(invoice.status).toBe(201);
  const key = await api('POST', '/api/v1/api-keys/', {
    token: member.access,
    body: { name: 'mine', scopes: ['clients:read'] },
  });
  expect([key.status, key.json.error.code]).toEqual([403, 'permission_denied']);

  const members = await api('GET', '/api/v1/organizations/me/members/', { token: owned.access });
  const joined = members.json.results.find((entry: { email: string }) => entry.email === invitee!.email);
  expect(joined.role).toBe('member');
  expect(
    (await api('DELETE', `/api/v1/organizations/me/members/${joined.user_id}/`, { token: owned.access })).status,
  ).toBe(204);
  const refreshed = await api('POST', '/api/v1/users/auth/refresh/', {
    token: null,
    body: { refresh: member.refresh },
  });
  expect([refreshed.status, refreshed.json.error.code]).toEqual([401, 'invalid_token']);
});
