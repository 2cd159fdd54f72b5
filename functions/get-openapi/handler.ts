// The OpenAPI 3.1 document of the API (docs/openapi.json, generated from the route table and schemas),
// gzip'd for clients that accept it (shared/http/openapi-document.ts).
import { header } from '#shared/http/request';
import { publicEndpoint } from '#shared/http/endpoint';
import { acceptsGzip, compressedOpenApi, plainOpenApi } from '#shared/http/openapi-document';
import { route } from '#functions/get-openapi/route';

const compressed = compressedOpenApi(import.meta.url);
let plain: string | undefined;

export const handler = publicEndpoint(route, {}, async ({ headers }) => {
  const gzip = acceptsGzip(header(headers, 'accept-encoding'));
  return {
    status: 200,
    raw: {
      content: gzip ? new Uint8Array(compressed) : (plain ??= plainOpenApi(compressed)),
      contentType: 'application/json',
    },
    headers: {
      'cache-control': 'public, max-age=300',
      vary: 'accept-encoding',
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    },
  };
});
