// The public keys that verify access tokens, for resource servers that check them themselves.
import { config } from '#shared/config';
import { publicEndpoint } from '#shared/http/endpoint';
import { route } from '#functions/get-jwks/route';

const { ACCESS_TOKEN_PUBLIC_JWKS } = config();

export const handler = publicEndpoint(route, {}, async () => ({
  status: 200,
  body: ACCESS_TOKEN_PUBLIC_JWKS,
  headers: { 'cache-control': 'public, max-age=300' },
}));
