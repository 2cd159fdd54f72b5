// The one table of HTTP routes. The CDK stack creates a function and an API route for each entry;
// infra/local serves the same entries; the tenant-isolation tests iterate it too.
import type { Scope } from '#shared/domain/scopes';
import type { PaymentProvider } from '#shared/payments/provider';

/**
 * What a route's function may do to the table; the stack grants exactly this. Every authenticated
 * route also updates API key usage counters and failed-attempt windows, so `read` includes UpdateItem.
 */
export type TableAccess = 'none' | 'read' | 'readWrite';

/** `public`: no credential (token endpoints); `any`: API key or access token; `user`: access token only. */
export type Credentials = 'public' | 'any' | 'user';

export type Route = {
  /** Function folder under functions/, and the function's logical name. */
  name: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** API Gateway path syntax, with the trailing slash of the spec. */
  path: `/api/v1/${string}`;
  credentials: Credentials;
  /** The scope the caller needs; null only for public routes. */
  scope: Scope | null;
  table: TableAccess;
  /** Functions that sign access tokens get the private key; no other function holds it. */
  signsTokens?: boolean;
  /** Functions that may send e-mail through SES, from the configured identity only. */
  sendsEmail?: boolean;
  /** Functions that draw invoice PDFs: their deployed bundle carries the document fonts and colour profile (shared/documents/assets.ts). */
  rendersDocuments?: boolean;
  /** Functions that get the Stripe keys, when the deployment has them. */
  usesStripe?: boolean;
  /** Functions that may put messages on the webhook delivery queue. */
  queuesDeliveries?: boolean;
  /** List routes, whose `next` cursors are signed: they read the cursor key from Secrets Manager at cold start. */
  signsCursors?: boolean;
  /** The sandbox payment provider's pages: served only where the deployment chose the sandbox. */
  sandboxOnly?: boolean;
};

export const ROUTES = [
  {
    name: 'exchange-token',
    method: 'POST',
    path: '/api/v1/users/auth/exchange/',
    credentials: 'public',
    scope: null,
    table: 'readWrite',
    signsTokens: true,
  },
  {
    name: 'refresh-token',
    method: 'POST',
    path: '/api/v1/users/auth/refresh/',
    credentials: 'public',
    scope: null,
    table: 'readWrite',
    signsTokens: true,
  },
  {
    name: 'logout',
    method: 'POST',
    path: '/api/v1/users/auth/logout/',
    credentials: 'public',
    scope: null,
    table: 'readWrite',
  },
  {
    name: 'get-jwks',
    method: 'GET',
    path: '/api/v1/.well-known/jwks.json',
    credentials: 'public',
    scope: null,
    table: 'none',
  },
  {
    name: 'list-my-organizations',
    method: 'GET',
    path: '/api/v1/users/me/organizations/',
    credentials: 'user',
    scope: 'organization:read',
    table: 'read',
  },
  {
    name: 'get-organization',
    method: 'GET',
    path: '/api/v1/organizations/me/',
    credentials: 'any',
    scope: 'organization:read',
    table: 'read',
  },
  {
    name: 'update-organization',
    method: 'PATCH',
    path: '/api/v1/organizations/me/',
    credentials: 'any',
    scope: 'organization:write',
    table: 'readWrite',
  },
  {
    name: 'create-api-key',
    method: 'POST',
    path: '/api/v1/api-keys/',
    credentials: 'user',
    scope: 'api_keys:manage',
    table: 'readWrite',
  },
  {
    name: 'list-api-keys',
    method: 'GET',
    path: '/api/v1/api-keys/',
    credentials: 'user',
    scope: 'api_keys:manage',
    table: 'read',
  },
  {
    name: 'get-api-key',
    method: 'GET',
    path: '/api/v1/api-keys/{id}/',
    credentials: 'user',
    scope: 'api_keys:manage',
    table: 'read',
  },
  {
    name: 'disable-api-key',
    method: 'POST',
    path: '/api/v1/api-keys/{id}/disable/',
    credentials: 'user',
    scope: 'api_keys:manage',
    table: 'readWrite',
  },
  {
    name: 'enable-api-key',
    method: 'POST',
    path: '/api/v1/api-keys/{id}/enable/',
    credentials: 'user',
    scope: 'api_keys:manage',
    table: 'readWrite',
  },
  {
    name: 'revoke-api-key',
    method: 'DELETE',
    path: '/api/v1/api-keys/{id}/',
    credentials: 'user',
    scope: 'api_keys:manage',
    table: 'readWrite',
  },
  {
    name: 'create-client',
    method: 'POST',
    path: '/api/v1/clients/',
    credentials: 'any',
    scope: 'clients:write',
    table: 'readWrite',
  },
  {
    name: 'list-clients',
    method: 'GET',
    path: '/api/v1/clients/',
    credentials: 'any',
    scope: 'clients:read',
    table: 'read',
    signsCursors: true,
  },
  {
    name: 'get-client',
    method: 'GET',
    path: '/api/v1/clients/{id}/',
    credentials: 'any',
    scope: 'clients:read',
    table: 'read',
  },
  {
    name: 'update-client',
    method: 'PATCH',
    path: '/api/v1/clients/{id}/',
    credentials: 'any',
    scope: 'clients:write',
    table: 'readWrite',
  },
  {
    name: 'archive-client',
    method: 'DELETE',
    path: '/api/v1/clients/{id}/',
    credentials: 'any',
    scope: 'clients:write',
    table: 'readWrite',
  },
  {
    name: 'create-invoice',
    method: 'POST',
    path: '/api/v1/invoices/',
    credentials: 'any',
    scope: 'invoices:write',
    table: 'readWrite',
  },
  {
    name: 'list-invoices',
    method: 'GET',
    path: '/api/v1/invoices/',
    credentials: 'any',
    scope: 'invoices:read',
    table: 'read',
    signsCursors: true,
  },
  {
    name: 'list-voided-numbers',
    method: 'GET',
    path: '/api/v1/number-series/{series}/voided/',
    credentials: 'any',
    scope: 'invoices:read',
    table: 'read',
  },
  {
    name: 'get-invoice',
    method: 'GET',
    path: '/api/v1/invoices/{id}/',
    credentials: 'any',
    scope: 'invoices:read',
    table: 'read',
  },
  {
    name: 'update-invoice',
    method: 'PATCH',
    path: '/api/v1/invoices/{id}/',
    credentials: 'any',
    scope: 'invoices:write',
    table: 'readWrite',
  },
  {
    name: 'send-invoice',
    method: 'POST',
    path: '/api/v1/invoices/{id}/send/',
    credentials: 'any',
    scope: 'invoices:send',
    table: 'readWrite',
    sendsEmail: true,
    rendersDocuments: true,
  },
  {
    name: 'create-payment-link',
    method: 'POST',
    path: '/api/v1/invoices/{id}/payment-link/',
    credentials: 'any',
    scope: 'invoices:send',
    table: 'readWrite',
    usesStripe: true,
  },
  {
    name: 'void-invoice',
    method: 'POST',
    path: '/api/v1/invoices/{id}/void/',
    credentials: 'any',
    scope: 'invoices:write',
    table: 'readWrite',
  },
  {
    name: 'record-payment',
    method: 'POST',
    path: '/api/v1/invoices/{id}/payments/',
    credentials: 'any',
    scope: 'payments:write',
    table: 'readWrite',
  },
  {
    name: 'list-payments',
    method: 'GET',
    path: '/api/v1/invoices/{id}/payments/',
    credentials: 'any',
    scope: 'invoices:read',
    table: 'read',
  },
  {
    name: 'create-credit-note',
    method: 'POST',
    path: '/api/v1/invoices/{id}/credit-notes/',
    credentials: 'any',
    scope: 'credit_notes:write',
    table: 'readWrite',
  },
  {
    name: 'list-invoice-credit-notes',
    method: 'GET',
    path: '/api/v1/invoices/{id}/credit-notes/',
    credentials: 'any',
    scope: 'credit_notes:read',
    table: 'read',
  },
  {
    name: 'list-credit-notes',
    method: 'GET',
    path: '/api/v1/credit-notes/',
    credentials: 'any',
    scope: 'credit_notes:read',
    table: 'read',
    signsCursors: true,
  },
  {
    name: 'get-credit-note',
    method: 'GET',
    path: '/api/v1/credit-notes/{id}/',
    credentials: 'any',
    scope: 'credit_notes:read',
    table: 'read',
  },
  {
    name: 'send-credit-note',
    method: 'POST',
    path: '/api/v1/credit-notes/{id}/send/',
    credentials: 'any',
    scope: 'credit_notes:write',
    table: 'readWrite',
    sendsEmail: true,
    rendersDocuments: true,
  },
  {
    name: 'create-refund',
    method: 'POST',
    path: '/api/v1/credit-notes/{id}/refunds/',
    credentials: 'any',
    scope: 'credit_notes:write',
    table: 'readWrite',
    usesStripe: true,
  },
  {
    name: 'get-invoice-e-invoice',
    method: 'GET',
    path: '/api/v1/invoices/{id}/e-invoice/',
    credentials: 'any',
    scope: 'invoices:read',
    table: 'read',
    rendersDocuments: true,
  },
  {
    name: 'get-credit-note-e-invoice',
    method: 'GET',
    path: '/api/v1/credit-notes/{id}/e-invoice/',
    credentials: 'any',
    scope: 'credit_notes:read',
    table: 'read',
    rendersDocuments: true,
  },
  {
    name: 'get-revenue-report',
    method: 'GET',
    path: '/api/v1/reports/revenue/',
    credentials: 'any',
    scope: 'reports:read',
    table: 'read',
  },
  {
    name: 'create-recurring-invoice',
    method: 'POST',
    path: '/api/v1/recurring-invoices/',
    credentials: 'any',
    scope: 'recurring:write',
    table: 'readWrite',
  },
  {
    name: 'list-recurring-invoices',
    method: 'GET',
    path: '/api/v1/recurring-invoices/',
    credentials: 'any',
    scope: 'recurring:read',
    table: 'read',
  },
  {
    name: 'get-recurring-invoice',
    method: 'GET',
    path: '/api/v1/recurring-invoices/{id}/',
    credentials: 'any',
    scope: 'recurring:read',
    table: 'read',
  },
  {
    name: 'update-recurring-invoice',
    method: 'PATCH',
    path: '/api/v1/recurring-invoices/{id}/',
    credentials: 'any',
    scope: 'recurring:write',
    table: 'readWrite',
  },
  {
    name: 'list-generated-invoices',
    method: 'GET',
    path: '/api/v1/recurring-invoices/{id}/invoices/',
    credentials: 'any',
    scope: 'invoices:read',
    table: 'read',
    signsCursors: true,
  },
  {
    name: 'pause-recurring-invoice',
    method: 'POST',
    path: '/api/v1/recurring-invoices/{id}/pause/',
    credentials: 'any',
    scope: 'recurring:write',
    table: 'readWrite',
  },
  {
    name: 'resume-recurring-invoice',
    method: 'POST',
    path: '/api/v1/recurring-invoices/{id}/resume/',
    credentials: 'any',
    scope: 'recurring:write',
    table: 'readWrite',
  },
  {
    name: 'end-recurring-invoice',
    method: 'DELETE',
    path: '/api/v1/recurring-invoices/{id}/',
    credentials: 'any',
    scope: 'recurring:write',
    table: 'readWrite',
  },
  {
    name: 'list-events',
    method: 'GET',
    path: '/api/v1/events/',
    credentials: 'any',
    scope: 'events:read',
    table: 'read',
    signsCursors: true,
  },
  {
    name: 'create-webhook',
    method: 'POST',
    path: '/api/v1/webhooks/',
    credentials: 'any',
    scope: 'webhooks:write',
    table: 'readWrite',
  },
  {
    name: 'list-webhooks',
    method: 'GET',
    path: '/api/v1/webhooks/',
    credentials: 'any',
    scope: 'webhooks:read',
    table: 'read',
  },
  {
    name: 'get-webhook',
    method: 'GET',
    path: '/api/v1/webhooks/{id}/',
    credentials: 'any',
    scope: 'webhooks:read',
    table: 'read',
  },
  {
    name: 'update-webhook',
    method: 'PATCH',
    path: '/api/v1/webhooks/{id}/',
    credentials: 'any',
    scope: 'webhooks:write',
    table: 'readWrite',
  },
  {
    name: 'delete-webhook',
    method: 'DELETE',
    path: '/api/v1/webhooks/{id}/',
    credentials: 'any',
    scope: 'webhooks:write',
    table: 'readWrite',
  },
  {
    name: 'rotate-webhook-secret',
    method: 'POST',
    path: '/api/v1/webhooks/{id}/rotate-secret/',
    credentials: 'any',
    scope: 'webhooks:write',
    table: 'readWrite',
  },
  {
    name: 'test-webhook',
    method: 'POST',
    path: '/api/v1/webhooks/{id}/test/',
    credentials: 'any',
    scope: 'webhooks:write',
    table: 'readWrite',
  },
  {
    name: 'list-deliveries',
    method: 'GET',
    path: '/api/v1/webhooks/{id}/deliveries/',
    credentials: 'any',
    scope: 'webhooks:read',
    table: 'read',
    signsCursors: true,
  },
  {
    name: 'retry-delivery',
    method: 'POST',
    path: '/api/v1/webhooks/{id}/deliveries/{delivery_id}/retry/',
    credentials: 'any',
    scope: 'webhooks:write',
    table: 'readWrite',
    queuesDeliveries: true,
  },
  {
    name: 'view-public-credit-note',
    method: 'GET',
    path: '/api/v1/public/credit-notes/{token}/',
    credentials: 'public',
    scope: null,
    table: 'read',
  },
  {
    name: 'download-public-credit-note',
    method: 'GET',
    path: '/api/v1/public/credit-notes/{token}/pdf/',
    credentials: 'public',
    scope: null,
    table: 'read',
    rendersDocuments: true,
  },
  {
    name: 'download-public-credit-note-e-invoice',
    method: 'GET',
    path: '/api/v1/public/credit-notes/{token}/e-invoice/',
    credentials: 'public',
    scope: null,
    table: 'read',
    rendersDocuments: true,
  },
  {
    name: 'view-public-invoice',
    method: 'GET',
    path: '/api/v1/public/invoices/{token}/',
    credentials: 'public',
    scope: null,
    table: 'read',
  },
  {
    name: 'download-public-invoice',
    method: 'GET',
    path: '/api/v1/public/invoices/{token}/pdf/',
    credentials: 'public',
    scope: null,
    table: 'read',
    rendersDocuments: true,
  },
  {
    name: 'download-public-e-invoice',
    method: 'GET',
    path: '/api/v1/public/invoices/{token}/e-invoice/',
    credentials: 'public',
    scope: null,
    table: 'read',
    rendersDocuments: true,
  },
  {
    name: 'pay-public-invoice',
    method: 'POST',
    path: '/api/v1/public/invoices/{token}/pay/',
    credentials: 'public',
    scope: null,
    table: 'readWrite',
    usesStripe: true,
  },
  {
    name: 'view-sandbox-checkout',
    method: 'GET',
    path: '/api/v1/public/sandbox/checkout/{id}/',
    credentials: 'public',
    scope: null,
    table: 'read',
    sandboxOnly: true,
  },
  {
    name: 'complete-sandbox-checkout',
    method: 'POST',
    path: '/api/v1/public/sandbox/checkout/{id}/{outcome}/',
    credentials: 'public',
    scope: null,
    table: 'readWrite',
    sandboxOnly: true,
  },
  {
    name: 'stripe-webhook',
    method: 'POST',
    path: '/api/v1/payments/stripe/webhook/',
    credentials: 'public',
    scope: null,
    table: 'readWrite',
    usesStripe: true,
  },
] as const satisfies readonly Route[];

export type RouteName = (typeof ROUTES)[number]['name'];

export function routeNamed(name: RouteName): Route {
  const route = ROUTES.find((candidate) => candidate.name === name);
  if (!route) throw new Error(`no route named ${name}`);
  return route;
}

/** The routes a deployment serves, in AWS and locally alike: the sandbox's pages only where it is the provider. */
export const servedRoutes = (paymentProvider: PaymentProvider): readonly Route[] =>
  (ROUTES as readonly Route[]).filter((route) => !route.sandboxOnly || paymentProvider === 'sandbox');
