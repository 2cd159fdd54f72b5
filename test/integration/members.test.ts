// Members and invitations (docs/security.md "Members and invitations"): an owner invites by e-mail,
// the invitee signs in and accepts with the verified address it was sent to; roles change within
// what the actor's role allows; the last owner stays; removal ends the member's refresh tokens.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  accessToken,
  call,
  db,
  forgetRecentKeys,
  freshIp,
  identityToken,
  newTenant,
  tableItemCount,
} from '#test/support/api';
import { emailsTo } from '#test/support/emails';
import { invitationKey } from '#shared/data/keys';
import { newId } from '#shared/domain/ids';

type Tenant = Awaited<ReturnType<typeof newTenant>>;
let tenant: Tenant;

beforeAll(async () => {
  tenant = await newTenant('Team');
});

/** A person who signs in through the identity provider: their own organization at first. */
async function person(name: string) {
  const email = `${name}-${newId('usr').slice(-8).toLowerCase()}@team.example`;
  const idpToken = await identityToken({ email, subject: `${name}-${email}` });
  const signedIn = await call('exchange-token', { body: { idp_token: idpToken }, sourceIp: freshIp() });
  expect(signedIn.status, signedIn.text).toBe(200);
  const token = signedIn.json.access as string;
  const me = await call('list-my-organizations', { token });
  return { email, idpToken, token, ownOrganization: me.json[0].id as string };
}

const invite = (body: unknown, token = tenant.ownerToken) => call('create-invitation', { token, body });
/** The token in the invitation e-mail's link. */
async function linkedToken(email: string) {
  const [sent] = (await emailsTo(email)).slice(-1);
  return /inv_it_[A-Za-z0-9_-]{43}/.exec(sent!.body.text)![0];
}

describe('an invitation', () => {
  it('is e-mailed, accepted once by the verified address, and makes a member who can switch to the organization', async () => {
    const alice = await person('alice');
    const invited = await invite({ email: alice.email.toUpperCase(), role: 'member' });
    expect(invited.status, invited.text).toBe(201);
    expect(invited.json).toMatchObject({
      email: alice.email,
      role: 'member',
      status: 'pending',
      invited_by: tenant.owner.id,
    });
    const [mail] = await emailsTo(alice.email);
    expect(mail!.subject).toBe('You are invited to join Team');
    expect(mail!.body.text).toContain('as member');
    const listed = await call('list-invitations', { token: tenant.ownerToken });
    expect(listed.json.results.map((item: { id: string }) => item.id)).toContain(invited.json.id);

    const token = await linkedToken(alice.email);
    const accepted = await call('accept-invitation', { token: alice.token, params: { token } });
    expect(accepted.status, accepted.text).toBe(200);
    expect(accepted.json).toEqual({ organization: { id: tenant.id, name: 'Team', role: 'member' } });
    const events = await call('list-events', {
      token: tenant.apiKey,
      query: { type: 'member.added,invitation.created' },
    });
    expect(events.json.results.map((event: { type: string; actor: unknown }) => [event.type, event.actor])).toEqual([
      ['member.added', { type: 'user', id: expect.stringMatching(/^usr_/), role: 'member' }],
      ['invitation.created', { type: 'user', id: tenant.owner.id, role: 'owner' }],
    ]);
    const again = await call('accept-invitation', { token: alice.token, params: { token } });
    expect([again.status, again.json.error.message]).toEqual([409, 'This invitation has already been used']);

    const mine = await call('list-my-organizations', { token: alice.token });
    expect(mine.json.map((organization: { id: string }) => organization.id)).toEqual(
      expect.arrayContaining([alice.ownOrganization, tenant.id]),
    );
    const switched = await call('exchange-token', {
      body: { idp_token: alice.idpToken, organization_id: tenant.id },
      sourceIp: freshIp(),
    });
    expect(switched.json.organization).toEqual({ id: tenant.id, name: 'Team', role: 'member' });
    const members = await call('list-members', { token: switched.json.access });
    expect(members.json.results.map((member: { email: string; role: string }) => [member.email, member.role])).toEqual([
      [tenant.owner.email, 'owner'],
      [alice.email, 'member'],
    ]);
    const refused = await invite({ email: 'x@team.example', role: 'member' }, switched.json.access);
    expect([refused.status, refused.json.error.code]).toEqual([403, 'permission_denied']);
  });

  it('is refused naming the reason, and nothing is written', async () => {
    const bob = await person('bob');
    const carol = await person('carol');
    const before = await tableItemCount();
    const bad = await invite({ email: bob.email, role: 'boss' });
    expect([bad.status, Object.keys(bad.json.error.details.fields)]).toEqual([400, ['role']]);
    const member = await invite({ email: tenant.owner.email, role: 'member' });
    expect([member.status, member.json.error.message]).toEqual([
      409,
      `${tenant.owner.email} is already a member of the organization`,
    ]);
    expect(await tableItemCount()).toBe(before);

    const first = await invite({ email: bob.email, role: 'admin' });
    expect(first.status).toBe(201);
    const twice = await invite({ email: bob.email, role: 'member' });
    expect(twice.json.error.message).toBe(
      `${bob.email} has an open invitation (${first.json.id}): revoke it to invite again`,
    );
    const token = await linkedToken(bob.email);
    const written = await tableItemCount();
    const stranger = await call('accept-invitation', { token: carol.token, params: { token } });
    expect([stranger.status, stranger.json.error.code, stranger.json.error.message]).toEqual([
      403,
      'permission_denied',
      'This invitation is for another e-mail address: sign in with the verified address it was sent to',
    ]);
    await db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: invitationKey(tenant.id, first.json.id),
        UpdateExpression: 'SET expires_at = :past',
        ExpressionAttributeValues: { ':past': '2026-01-01T00:00:00.000Z' },
      }),
    );
    const late = await call('accept-invitation', { token: bob.token, params: { token } });
    expect([late.status, late.json.error.message]).toEqual([
      409,
      'This invitation expired at 2026-01-01T00:00:00.000Z; ask for a new one',
    ]);
    expect(await tableItemCount()).toBe(written);
    const unknown = await call('accept-invitation', {
      token: bob.token,
      params: { token: `inv_it_${'A'.repeat(43)}` },
    });
    expect(unknown.status).toBe(404);

    // Expired, it no longer blocks a new one; revoked, its link says so.
    const renewed = await invite({ email: bob.email, role: 'member' });
    expect(renewed.status, renewed.text).toBe(201);
    const renewedToken = await linkedToken(bob.email);
    expect(
      (await call('revoke-invitation', { token: tenant.ownerToken, params: { id: renewed.json.id } })).status,
    ).toBe(204);
    const revoked = await call('accept-invitation', { token: bob.token, params: { token: renewedToken } });
    expect([revoked.status, revoked.json.error.message]).toEqual([409, 'This invitation was revoked']);
    expect(
      (await call('list-invitations', { token: tenant.ownerToken })).json.results.map(
        (item: { email: string }) => item.email,
      ),
    ).not.toContain(bob.email);
  });
});

describe('members', () => {
  /** A person invited and accepted with `role`, and their access token for the tenant. */
  async function joined(name: string, role: 'admin' | 'member' | 'owner') {
    const who = await person(name);
    expect((await invite({ email: who.email, role })).status).toBe(201);
    await call('accept-invitation', { token: who.token, params: { token: await linkedToken(who.email) } });
    const userId = (await call('list-members', { token: tenant.ownerToken })).json.results.find(
      (member: { email: string }) => member.email === who.email,
    ).user_id as string;
    const signedIn = await call('exchange-token', {
      body: { idp_token: who.idpToken, organization_id: tenant.id },
      sourceIp: freshIp(),
    });
    return { ...who, userId, access: signedIn.json.access as string, refresh: signedIn.json.refresh as string };
  }
  const setRole = (token: string, id: string, role: string) =>
    call('update-member', { token, params: { id }, body: { role } });

  it('change roles within what the actor’s role allows, and the last owner stays', async () => {
    const dave = await joined('dave', 'admin');
    const erin = await joined('erin', 'member');
    expect((await setRole(dave.access, erin.userId, 'admin')).json).toMatchObject({ role: 'admin' });
    const byAdmin = await setRole(dave.access, dave.userId, 'owner');
    expect([byAdmin.status, byAdmin.json.error.message]).toEqual([403, 'Only an owner may make or demote an owner']);
    const demoteOwner = await setRole(dave.access, tenant.owner.id, 'member');
    expect(demoteOwner.status).toBe(403);
    const removeOwner = await call('remove-member', { token: dave.access, params: { id: tenant.owner.id } });
    expect([removeOwner.status, removeOwner.json.error.message]).toEqual([403, 'Only an owner may remove an owner']);
    const lastOwner = await setRole(tenant.ownerToken, tenant.owner.id, 'admin');
    expect([lastOwner.status, lastOwner.json.error.message]).toEqual([
      409,
      'The last owner cannot be demoted: make another member an owner first',
    ]);
    const leaving = await call('remove-member', { token: tenant.ownerToken, params: { id: tenant.owner.id } });
    expect([leaving.status, leaving.json.error.message]).toEqual([
      409,
      'The last owner cannot leave: make another member an owner first',
    ]);
    const unknown = await setRole(tenant.ownerToken, newId('usr'), 'admin');
    expect(unknown.status).toBe(404);
    // Two owners: either may step down, never both at once.
    expect((await setRole(tenant.ownerToken, dave.userId, 'owner')).json.role).toBe('owner');
    const daveAsOwner = await accessToken({ userId: dave.userId, organizationId: tenant.id, role: 'owner' });
    const both = await Promise.all([
      setRole(tenant.ownerToken, tenant.owner.id, 'admin'),
      setRole(daveAsOwner, dave.userId, 'admin'),
    ]);
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 409]);
    // The one who stepped down holds a stale token now: each is signed anew for the membership as it is.
    const signed = (userId: string) => accessToken({ userId, organizationId: tenant.id, role: 'owner' });
    const owners = (await call('list-members', { token: await signed(dave.userId) })).json.results.filter(
      (member: { role: string }) => member.role === 'owner',
    );
    expect(owners).toHaveLength(1);
    if (owners[0].user_id === dave.userId)
      expect((await setRole(await signed(dave.userId), tenant.owner.id, 'owner')).status).toBe(200);
    tenant.ownerToken = await signed(tenant.owner.id);
  });

  it('end with removal or leaving, and a removed member’s refresh token stops working at once', async () => {
    const frank = await joined('frank', 'member');
    const grace = await joined('grace', 'member');
    const other = await call('remove-member', { token: grace.access, params: { id: frank.userId } });
    expect([other.status, other.json.error.code]).toEqual([403, 'permission_denied']);
    expect((await call('refresh-token', { body: { refresh: frank.refresh }, sourceIp: freshIp() })).status).toBe(200);
    expect((await call('remove-member', { token: tenant.ownerToken, params: { id: frank.userId } })).status).toBe(204);
    const refreshed = await call('refresh-token', { body: { refresh: frank.refresh }, sourceIp: freshIp() });
    expect([refreshed.status, refreshed.json.error.code]).toEqual([401, 'invalid_token']);
    expect((await call('remove-member', { token: grace.access, params: { id: grace.userId } })).status).toBe(204);
    const left = (await call('list-members', { token: tenant.ownerToken })).json.results.map(
      (member: { user_id: string }) => member.user_id,
    );
    expect(left).not.toContain(frank.userId);
    expect(left).not.toContain(grace.userId);
    const back = await call('exchange-token', {
      body: { idp_token: grace.idpToken, organization_id: tenant.id },
      sourceIp: freshIp(),
    });
    expect([back.status, back.json.error.code]).toEqual([403, 'organization_access_denied']);
  });
  describe('access ends with membership', () => {
    const newKey = (token: string, name: string) =>
      call('create-api-key', { token, body: { name, scopes: ['clients:read'] } });
    /** What a credential may still do: read clients (a key) or the member list (a token). */
    const reads = async (credential: string) =>
      (await call(credential.startsWith('inv_live_') ? 'list-clients' : 'list-members', {
        token: credential,
        sourceIp: freshIp(),
      })) as { status: number; json: { error?: { code: string } } };
    const refusal = async (credential: string) => {
      const answer = await reads(credential);
      return [answer.status, answer.json.error?.code];
    };

    it('a removed admin’s access token and the key it made are refused at once, and cannot invite back', async () => {
      const ivan = await joined('ivan', 'admin');
      const key = await newKey(ivan.access, 'Ivan’s sync');
      expect(key.status, key.text).toBe(201);
      expect(key.json).toMatchObject({ created_by: ivan.userId, created_by_role: 'admin' });
      expect((await reads(key.json.secret)).status).toBe(200);
      expect((await call('remove-member', { token: tenant.ownerToken, params: { id: ivan.userId } })).status).toBe(204);

      expect(await refusal(ivan.access)).toEqual([401, 'invalid_token']);
      const minted = await newKey(ivan.access, 'After removal');
      expect([minted.status, minted.json.error?.code]).toEqual([401, 'invalid_token']);
      const back = await invite({ email: ivan.email, role: 'admin' }, ivan.access);
      expect([back.status, back.json.error?.code]).toEqual([401, 'invalid_token']);
      expect((await call('list-invitations', { token: tenant.ownerToken })).json.results).not.toContainEqual(
        expect.objectContaining({ email: ivan.email }),
      );
      await forgetRecentKeys();
      expect(await refusal(key.json.secret)).toEqual([401, 'invalid_token']);
    });

    it('a demoted admin’s old token can no longer do admin things, and the key it made stops', async () => {
      const judy = await joined('judy', 'admin');
      const key = await newKey(judy.access, 'Judy’s sync');
      expect(key.status, key.text).toBe(201);
      expect((await setRole(tenant.ownerToken, judy.userId, 'member')).json.role).toBe('member');

      const invited = await invite({ email: 'after-demotion@team.example', role: 'admin' }, judy.access);
      expect([invited.status, invited.json.error?.code]).toEqual([401, 'invalid_token']);
      const minted = await newKey(judy.access, 'After demotion');
      expect([minted.status, minted.json.error?.code]).toEqual([401, 'invalid_token']);
      await forgetRecentKeys();
      expect(await refusal(key.json.secret)).toEqual([401, 'invalid_token']);

      // Refreshing gives a token with the role the member has now.
      const refreshed = await call('refresh-token', { body: { refresh: judy.refresh }, sourceIp: freshIp() });
      expect(refreshed.status, refreshed.text).toBe(200);
      expect((await reads(refreshed.json.access)).status).toBe(200);
      const asMember = await newKey(refreshed.json.access, 'As a member');
      expect([asMember.status, asMember.json.error?.code]).toEqual([403, 'permission_denied']);
    });

    it('leaving ends the leaver’s token and keys the same way', async () => {
      const kate = await joined('kate', 'admin');
      const key = await newKey(kate.access, 'Kate’s sync');
      expect(key.status, key.text).toBe(201);
      expect((await call('remove-member', { token: kate.access, params: { id: kate.userId } })).status).toBe(204);
      expect(await refusal(kate.access)).toEqual([401, 'invalid_token']);
      await forgetRecentKeys();
      expect(await refusal(key.json.secret)).toEqual([401, 'invalid_token']);
    });

    it('a member invited back starts afresh: the old token and the old key stay refused', async () => {
      const leo = await joined('leo', 'admin');
      const key = await newKey(leo.access, 'Leo’s sync');
      expect((await call('remove-member', { token: tenant.ownerToken, params: { id: leo.userId } })).status).toBe(204);
      expect((await invite({ email: leo.email, role: 'admin' })).status).toBe(201);
      const accepted = await call('accept-invitation', {
        token: leo.token,
        params: { token: await linkedToken(leo.email) },
      });
      expect(accepted.status, accepted.text).toBe(200);
      expect(await refusal(leo.access)).toEqual([401, 'invalid_token']);
      await forgetRecentKeys();
      expect(await refusal(key.json.secret)).toEqual([401, 'invalid_token']);
    });

    it('a key lives while its maker may still make keys: a promotion or an owner made admin keeps it', async () => {
      const mia = await joined('mia', 'admin');
      const key = await newKey(mia.access, 'Mia’s sync');
      expect((await setRole(tenant.ownerToken, mia.userId, 'owner')).json.role).toBe('owner');
      expect((await setRole(tenant.ownerToken, mia.userId, 'admin')).json.role).toBe('admin');
      await forgetRecentKeys();
      expect((await reads(key.json.secret)).status).toBe(200);
      // The token signed before the first change is stale: a refresh is needed, then it works.
      expect(await refusal(mia.access)).toEqual([401, 'invalid_token']);
      const refreshed = await call('refresh-token', { body: { refresh: mia.refresh }, sourceIp: freshIp() });
      expect((await reads(refreshed.json.access)).status).toBe(200);
    });
  });
});
