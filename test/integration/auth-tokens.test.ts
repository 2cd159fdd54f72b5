// Signing in (exchange), staying signed in (refresh), signing out, and every way a forged or
// misused token is refused with 401 — never a 500.
import { randomUUID } from 'node:crypto';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { base64url, generateKeyPair, importJWK, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { addSeededMember, seedUser } from '#infra/local/seed';
import { membershipKey, userKey } from '#shared/data/keys';
import { useRefreshToken } from '#shared/data/refresh-tokens';
import { accessToken, call, countDbCalls, db, freshIp, identityToken, newTenant } from '#test/support/api';

const privateJwk = () => JSON.parse(process.env.ACCESS_TOKEN_PRIVATE_JWK!);
const exchange = (body: object, sourceIp = freshIp()) => call('exchange-token', { body, sourceIp });

let home: Awaited<ReturnType<typeof newTenant>>;
let other: Awaited<ReturnType<typeof newTenant>>;
let stranger: Awaited<ReturnType<typeof newTenant>>;
beforeAll(async () => {
  home = await newTenant('Home');
  other = await newTenant('Other');
  stranger = await newTenant('Stranger');
  await addSeededMember(db, other, home.owner, 'member');
});

describe('exchange', () => {
  it('answers exactly the spec token set, for the organization last used or else the oldest membership', async () => {
    const result = await exchange({ idp_token: await identityToken(home.owner) });
    expect(result.status).toBe(200);
    expect(Object.keys(result.json).sort()).toEqual(['access', 'access_expires', 'organization', 'refresh']);
    expect(result.json.access_expires).toBe(3600);
    expect(result.json.organization).toEqual({ id: home.id, name: 'Home', role: 'owner' });
    const me = await call('get-organization', { token: result.json.access });
    expect(me.json.id).toBe(home.id);
  });

  it('switches to a requested organization the user belongs to, with that role, and remembers it', async () => {
    const token = await identityToken(home.owner);
    const switched = await exchange({ idp_token: token, organization_id: other.id });
    expect(switched.json.organization).toEqual({ id: other.id, name: 'Other', role: 'member' });
    const organizations = await call('list-my-organizations', { token: switched.json.access });
    expect(organizations.json).toEqual(
      expect.arrayContaining([
        { id: home.id, name: 'Home', role: 'owner', is_active: false },
        { id: other.id, name: 'Other', role: 'member', is_active: true },
      ]),
    );
    expect((await exchange({ idp_token: token })).json.organization.id).toBe(other.id);
    await exchange({ idp_token: token, organization_id: home.id });
  });

  it('refuses an organization the user does not belong to with 403 organization_access_denied', async () => {
    const result = await exchange({ idp_token: await identityToken(home.owner), organization_id: stranger.id });
    expect([result.status, result.json.error.code]).toEqual([403, 'organization_access_denied']);
  });

  it('gives a first-time identity a user and an organization of their own, as owner', async () => {
    const identity = { email: `new-${randomUUID()}@example.com`, subject: `sub-${randomUUID()}` };
    const first = await exchange({ idp_token: await identityToken(identity) });
    expect(first.status).toBe(200);
    expect(first.json.organization.role).toBe('owner');
    const again = await exchange({ idp_token: await identityToken(identity) });
    expect(again.json.organization.id).toBe(first.json.organization.id);
  });

  it('refuses tokens the identity provider did not sign, and our own access token', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const now = Math.floor(Date.now() / 1000);
    const forged = await new SignJWT({ email: 'x@example.com' })
      .setProtectedHeader({ alg: 'RS256', kid: 'whatever' })
      .setIssuer(process.env.IDP_ISSUER!)
      .setAudience(process.env.IDP_AUDIENCE!)
      .setSubject('victim')
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(privateKey);
    for (const idp_token of [forged, home.ownerToken, 'not.a.jwt', 'x']) {
      const result = await exchange({ idp_token });
      expect([result.status, result.json.error.code]).toEqual([401, 'invalid_token']);
    }
  });

  it('limits exchange attempts per client IP with 429 rate_limited and Retry-After', async () => {
    const ip = freshIp();
    const answers = [];
    for (let i = 0; i < 32; i++) answers.push(await exchange({ idp_token: 'garbage' }, ip));
    expect(answers.slice(0, 30).every((answer) => answer.status === 401)).toBe(true);
    const limited = answers[31]!;
    expect([limited.status, limited.json.error.code]).toEqual([429, 'rate_limited']);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('refresh and logout', () => {
  it('returns a new access token for the same organization; the refresh token stays valid and unchanged', async () => {
    const { json: set } = await exchange({ idp_token: await identityToken(home.owner), organization_id: home.id });
    for (let i = 0; i < 2; i++) {
      const refreshed = await call('refresh-token', { body: { refresh: set.refresh }, sourceIp: freshIp() });
      expect(refreshed.status).toBe(200);
      expect(Object.keys(refreshed.json).sort()).toEqual(['access', 'access_expires']);
      expect(refreshed.json.access_expires).toBe(3600);
      expect((await call('get-organization', { token: refreshed.json.access })).json.id).toBe(home.id);
    }
  });

  it('stops working after logout', async () => {
    const { json: set } = await exchange({ idp_token: await identityToken(home.owner) });
    expect((await call('logout', { body: { refresh: set.refresh } })).status).toBe(204);
    const refused = await call('refresh-token', { body: { refresh: set.refresh }, sourceIp: freshIp() });
    expect([refused.status, refused.json.error.code]).toEqual([401, 'invalid_token']);
  });

  it('stops working when the membership is removed or the user is disabled', async () => {
    const tenant = await newTenant('Leaving');
    const member = await seedUser(db, `m-${randomUUID()}@example.com`);
    await addSeededMember(db, tenant, member, 'admin');
    const memberSet = (await exchange({ idp_token: await identityToken(member), organization_id: tenant.id })).json;
    await db.client.send(new DeleteCommand({ TableName: db.table, Key: membershipKey(tenant.id, member.id) }));
    expect((await call('refresh-token', { body: { refresh: memberSet.refresh }, sourceIp: freshIp() })).status).toBe(
      401,
    );

    const ownerSet = (await exchange({ idp_token: await identityToken(tenant.owner) })).json;
    await db.client.send(
      new UpdateCommand({
        TableName: db.table,
        Key: userKey(tenant.owner.id),
        UpdateExpression: 'SET #s = :d',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':d': 'disabled' },
      }),
    );
    expect((await call('refresh-token', { body: { refresh: ownerSet.refresh }, sourceIp: freshIp() })).status).toBe(
      401,
    );
    const signIn = await exchange({ idp_token: await identityToken(tenant.owner) });
    expect([signIn.status, signIn.json.error.code]).toEqual([403, 'permission_denied']);
  });

  it('expires after the idle timeout and after the absolute lifetime', async () => {
    const { json: set } = await exchange({ idp_token: await identityToken(home.owner) });
    const day = 86_400_000;
    expect(await useRefreshToken(db, set.refresh, 14 * 86_400, new Date(Date.now() + 13 * day))).toBeDefined();
    expect(await useRefreshToken(db, set.refresh, 14 * 86_400, new Date(Date.now() + 26 * day))).toBeDefined();
    expect(await useRefreshToken(db, set.refresh, 14 * 86_400, new Date(Date.now() + 31 * day))).toBeUndefined();
    const { json: idle } = await exchange({ idp_token: await identityToken(home.owner) });
    expect(await useRefreshToken(db, idle.refresh, 14 * 86_400, new Date(Date.now() + 15 * day))).toBeUndefined();
  });

  it('refuses unknown refresh tokens with 401 invalid_token', async () => {
    for (const refresh of ['inv_rt_unknown', 'garbage', home.ownerToken]) {
      const result = await call('refresh-token', { body: { refresh }, sourceIp: freshIp() });
      expect([result.status, result.json.error.code]).toEqual([401, 'invalid_token']);
    }
  });
});

describe('access tokens as bearer credentials', () => {
  /** The home owner's founding membership has never changed: its version is 0. */
  const claims = () => ({ org: home.id, role: 'owner', mv: 0 });
  const signWith = async (
    header: Record<string, unknown>,
    changes: { iss?: string; aud?: string; exp?: number; nbf?: number; mv?: unknown } = {},
  ) => {
    const key = await importJWK(privateJwk(), 'ES256');
    const now = Math.floor(Date.now() / 1000);
    // An `mv` given as undefined is left out of the token (JSON has no undefined).
    return new SignJWT({ ...claims(), ...('mv' in changes ? { mv: changes.mv } : {}) })
      .setProtectedHeader({ alg: 'ES256', kid: privateJwk().kid, typ: 'at+jwt', ...header })
      .setSubject(home.owner.id)
      .setIssuer(changes.iss ?? 'invoicing-service')
      .setAudience(changes.aud ?? 'invoicing-api')
      .setIssuedAt(now)
      .setNotBefore(changes.nbf ?? now)
      .setExpirationTime(changes.exp ?? now + 600)
      .sign(key);
  };
  const unsigned = (header: object, payload: object) =>
    `${base64url.encode(JSON.stringify(header))}.${base64url.encode(JSON.stringify(payload))}.`;

  it('accepts a genuine token and acts in its organization with its role', async () => {
    const result = await call('get-organization', { token: await signWith({}) });
    expect(result.json.id).toBe(home.id);
  });

  it('reads the membership it names with each request: one GetItem, started while the signature is checked', async () => {
    const token = await signWith({});
    const { calls } = await countDbCalls(() => call('list-clients', { token }));
    expect(calls).toEqual({ GetItem: 1, Query: 1 });
  });

  it('answers an expired token with 401 token_expired and when it expired', async () => {
    const exp = Math.floor(Date.now() / 1000) - 60;
    const result = await call('get-organization', { token: await signWith({}, { exp, nbf: exp - 600 }) });
    expect([result.status, result.json.error.code]).toEqual([401, 'token_expired']);
    expect(result.json.error.details.expired_at).toBe(new Date(exp * 1000).toISOString());
  });

  it.each([
    [
      'alg none',
      async () =>
        unsigned(
          { alg: 'none', typ: 'at+jwt' },
          { sub: 'x', org: 'org_x', role: 'owner', iss: 'invoicing-service', aud: 'invoicing-api', exp: 9_999_999_999 },
        ),
    ],
    [
      'HS256 signed with the public key',
      async () => {
        const publicJwk = JSON.parse(process.env.ACCESS_TOKEN_PUBLIC_JWKS!).keys[0];
        return new SignJWT(claims())
          .setProtectedHeader({ alg: 'HS256', kid: publicJwk.kid, typ: 'at+jwt' })
          .setSubject('x')
          .setIssuer('invoicing-service')
          .setAudience('invoicing-api')
          .setExpirationTime('10m')
          .setIssuedAt()
          .sign(new TextEncoder().encode(JSON.stringify(publicJwk)));
      },
    ],
    [
      'a signature by another key',
      async () => {
        const { privateKey } = await generateKeyPair('ES256');
        return new SignJWT(claims())
          .setProtectedHeader({ alg: 'ES256', kid: privateJwk().kid, typ: 'at+jwt' })
          .setSubject('x')
          .setIssuer('invoicing-service')
          .setAudience('invoicing-api')
          .setExpirationTime('10m')
          .setIssuedAt()
          .sign(privateKey);
      },
    ],
    ['an unknown kid', () => signWith({ kid: 'unknown-key' })],
    ['a jku header', () => signWith({ jku: 'http://127.0.0.1:1/keys' })],
    ['an x5u header', () => signWith({ x5u: 'http://127.0.0.1:1/cert' })],
    ['another issuer', () => signWith({}, { iss: 'someone-else' })],
    ['another audience', () => signWith({}, { aud: 'another-api' })],
    ['not yet valid', () => signWith({}, { nbf: Math.floor(Date.now() / 1000) + 3600 })],
    ['no membership version (signed before tokens carried it)', () => signWith({}, { mv: undefined })],
    ['a membership version that is not a number', () => signWith({}, { mv: '0' })],
    ['a membership version the membership no longer has', () => signWith({}, { mv: 1 })],
    ['the identity provider’s type', () => signWith({ typ: 'JWT' })],
    ['a malformed token', async () => 'eyJhbGciOi.broken.token'],
    ['a refresh token', async () => (await exchange({ idp_token: await identityToken(home.owner) })).json.refresh],
    ['an identity-provider token', () => identityToken(home.owner)],
  ])('refuses %s with 401 invalid_token', async (_, token) => {
    const result = await call('get-organization', { token: await token(), sourceIp: freshIp() });
    expect([result.status, result.json.error.code]).toEqual([401, 'invalid_token']);
  });

  it('publishes the verifying keys, and no private part, at the JWKS URL', async () => {
    const result = await call('get-jwks');
    expect(result.status).toBe(200);
    expect(result.json.keys[0].kid).toBe(privateJwk().kid);
    expect(JSON.stringify(result.json)).not.toContain('"d"');
  });

  it('uses the role of the token: a member cannot manage API keys', async () => {
    const memberToken = await accessToken({ userId: home.owner.id, organizationId: other.id, role: 'member' });
    const result = await call('list-api-keys', { token: memberToken });
    expect([result.status, result.json.error.code]).toEqual([403, 'permission_denied']);
  });
});

describe('revoking all of a user’s sessions', () => {
  it('ends every refresh token bound to an organization, and leaves the others', async () => {
    const { revokeRefreshTokensOfUser } = await import('#shared/data/refresh-tokens');
    const user = await seedUser(db, `both-${randomUUID()}@example.com`);
    await addSeededMember(db, home, user, 'member');
    await addSeededMember(db, other, user, 'member');
    const token = await identityToken(user);
    const inHome = (await exchange({ idp_token: token, organization_id: home.id })).json.refresh;
    const inOther = (await exchange({ idp_token: token, organization_id: other.id })).json.refresh;
    expect(await revokeRefreshTokensOfUser(db, user.id, other.id)).toBe(1);
    expect((await call('refresh-token', { body: { refresh: inOther }, sourceIp: freshIp() })).status).toBe(401);
    expect((await call('refresh-token', { body: { refresh: inHome }, sourceIp: freshIp() })).status).toBe(200);
    await revokeRefreshTokensOfUser(db, user.id);
    expect((await call('refresh-token', { body: { refresh: inHome }, sourceIp: freshIp() })).status).toBe(401);
  });
});
