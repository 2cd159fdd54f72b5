// The typed client as the end-to-end tests use it: every answer it receives is checked against
// docs/openapi.json as the in-process calls are (test/support/contract-check.ts).
import { createInvoicingClient, type InvoicingClientOptions } from '#client';
import { ROUTES } from '#functions/routes';
import { contractBreaches } from '#test/support/contract-check';

export function checkedClient(options: InvoicingClientOptions) {
  const client = createInvoicingClient(options);
  client.use({
    async onResponse({ request, response, schemaPath }) {
      const route = ROUTES.find((candidate) => candidate.path === schemaPath && candidate.method === request.method);
      if (!route) throw new Error(`${request.method} ${schemaPath} is not a route`);
      const text = await response.clone().text();
      const json = response.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : undefined;
      const headers = Object.fromEntries(response.headers);
      const breaches = contractBreaches(route, { status: response.status, headers, text, json });
      if (breaches.length)
        throw new Error(`${route.name} answered ${response.status} outside docs/openapi.json: ${breaches.join('; ')}`);
      return response;
    },
  });
  return client;
}
