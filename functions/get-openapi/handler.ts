// The OpenAPI 3.1 document of the API (docs/openapi.json, generated from the route table and schemas).
import document from '../../docs/openapi.json' with { type: 'json' };
import { publicEndpoint } from '#shared/http/endpoint';
import { openApiResponse } from '#shared/http/schemas/responses/meta';
import { routeNamed } from '#functions/routes';

export const handler = publicEndpoint(routeNamed('get-openapi'), { response: openApiResponse }, async () => ({
  status: 200,
  body: document,
  headers: { 'cache-control': 'public, max-age=300' },
}));
