// The laptop stand-in for an OIDC identity provider (Cognito in AWS): e-mail + password login for
// seeded users, RS256 tokens, and a JWKS URL the exchange endpoint verifies them with.
import { timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, SignJWT, type JWK } from 'jose';

export type IdentityProviderUser = { email: string; password: string; subject: string };

type Options = {
  port: number;
  issuer: string;
  audience: string;
  keys: { privateJwk: JWK & { kid: string }; publicJwks: { keys: JWK[] } };
  users: IdentityProviderUser[];
  tokenTtlSeconds?: number;
  /** Tests only: `POST /users {email, password, subject}` adds a user. */
  allowRegistration?: boolean;
};

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

export async function startIdentityProvider({
  port,
  issuer,
  audience,
  keys,
  users,
  tokenTtlSeconds = 300,
  allowRegistration = false,
}: Options) {
  const signingKey = await importJWK(keys.privateJwk, 'RS256');
  const json = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://idp').pathname;
    if (req.method === 'GET' && path === '/.well-known/jwks.json') return json(res, 200, keys.publicJwks);
    const registering = allowRegistration && path === '/users';
    if (req.method !== 'POST' || (path !== '/login' && !registering))
      return json(res, 404, { error: { code: 'not_found', message: 'No such route', details: {} } });
    let body: { email?: unknown; password?: unknown; subject?: unknown } = {};
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    } catch {
      return json(res, 400, { error: { code: 'invalid_json', message: 'The body is not valid JSON', details: {} } });
    }
    if (registering) {
      users.push({ email: String(body.email), password: String(body.password), subject: String(body.subject) });
      return json(res, 201, { registered: body.email });
    }
    const user = users.find((candidate) => candidate.email === body.email);
    if (!user || typeof body.password !== 'string' || !sameText(user.password, body.password)) {
      return json(res, 401, {
        error: { code: 'invalid_credentials', message: 'Wrong e-mail and password combination', details: {} },
      });
    }
    const now = Math.floor(Date.now() / 1000);
    const idpToken = await new SignJWT({ email: user.email, email_verified: true, token_use: 'id' })
      .setProtectedHeader({ alg: 'RS256', kid: keys.privateJwk.kid, typ: 'JWT' })
      .setIssuer(issuer)
      .setAudience(audience)
      .setSubject(user.subject)
      .setIssuedAt(now)
      .setExpirationTime(now + tokenTtlSeconds)
      .sign(signingKey);
    json(res, 200, { idp_token: idpToken });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    loginUrl: `${url}/login`,
    jwksUrl: `${url}/.well-known/jwks.json`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
