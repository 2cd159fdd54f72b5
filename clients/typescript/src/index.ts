// The typed client: openapi-fetch over the types generated from docs/openapi.json, with the
// credential on every request and an Idempotency-Key on every POST, so a retried create is safe.
import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { Readable } from 'openapi-typescript-helpers';
import type { components, paths, webhooks } from './schema.js';

export type { components, paths, webhooks };
/**
 * Every named schema of the API as an answer carries it: `Schemas['Invoice']`, `Schemas['InvoicePaidEvent']`…
 * openapi-fetch types each answer's `data` as `Readable<…>` of its schema (which reads a fixed-length array as an
 * array), so a schema taken as it is would not be the type of the answer that holds it.
 */
export type Schemas = { [Name in keyof components['schemas']]: Readable<components['schemas'][Name]> };
/** What a webhook receiver is handed: any event, told apart by `type`. */
export type WebhookEvent = Schemas['Event'];

export type InvoicingClientOptions = Omit<ClientOptions, 'baseUrl'> & {
  /** Where the API is, such as `https://api.example.com` (without `/api/v1`). */
  baseUrl: string;
  /** An API key (`inv_live_…`) or an access token; a function is asked on every request, for tokens that refresh. */
  credential?: string | (() => string | Promise<string>);
  /** Gives each POST its own key unless the call sets one; false leaves POSTs without one. */
  idempotencyKeys?: boolean;
};

export type InvoicingClient = Client<paths>;

export function createInvoicingClient({
  credential,
  idempotencyKeys = true,
  ...options
}: InvoicingClientOptions): InvoicingClient {
  const client = createClient<paths>(options);
  client.use({
    async onRequest({ request }) {
      const secret = typeof credential === 'function' ? await credential() : credential;
      if (secret && !request.headers.has('authorization')) request.headers.set('authorization', `Bearer ${secret}`);
      if (idempotencyKeys && request.method === 'POST' && !request.headers.has('idempotency-key'))
        request.headers.set('idempotency-key', crypto.randomUUID());
      return request;
    },
  });
  return client;
}
