// What a route is: the declaration each function's folder makes in its route.ts (functions/routes.ts lists them).
import type { ErrorCode } from '#shared/domain/errors';
import type { Scope } from '#shared/domain/scopes';

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
  /** The status of a successful answer: 201 created, 202 accepted, 204 no content, 303 see other; absent: 200. */
  status?: 201 | 202 | 204 | 303;
  /** A second success status with the same answer: 200 when what was posted exists already (a received document again). */
  existingStatus?: 200;
  /**
   * What a success is when it is not JSON: a PDF, an e-invoice (XML, or PDF for Factur-X), an HTML
   * page, a redirect, a file of any type (a received document's attachment), or an archived object (docs/archive.md). Public ones are opened by browsers: a missing document answers an HTML page.
   */
  serves?: 'pdf' | 'e-invoice' | 'page' | 'redirect' | 'file' | 'archived';
  /** A JSON route that answers the same as a document when the request's Accept asks for it (shared/http/negotiation.ts). */
  negotiates?: 'pdf';
  /** Error codes of the domain the route may answer, besides those its credentials and input give (docs/openapi.json). */
  errors?: ErrorCode[];
  /** Functions that sign access tokens get the private key; no other function holds it. */
  signsTokens?: boolean;
  /** Functions that may send e-mail through SES, from the configured identity only. */
  sendsEmail?: boolean;
  /** Functions that sign download links of export files (read on the export bucket). */
  readsExports?: boolean;
  /** Takes in received e-invoices: keeps originals in the incoming bucket and invokes the e-invoice reader (E_INVOICE_READER). */
  receivesInvoices?: boolean;
  /** Reads what the incoming bucket keeps of received e-invoices (originals, attachments, readings). */
  readsIncoming?: boolean;
  /** Has documents drawn: may invoke the document renderer (functions/topology.ts DOCUMENT_RENDERER). */
  rendersDocuments?: boolean;
  /** Reads and writes the archive (docs/archive.md): objects with their lock, never a delete. */
  archives?: boolean;
  /** Functions that get the Stripe keys, when the deployment has them. */
  usesStripe?: boolean;
  /** Functions that invoke the Peppol gateway (functions/topology.ts PEPPOL_GATEWAY), when the deployment has an access point. */
  usesPeppol?: boolean;
  /** Functions that may put messages on the webhook delivery queue. */
  queuesDeliveries?: boolean;
  /** List routes, whose `next` cursors are signed: they read the cursor key from Secrets Manager at cold start. */
  signsCursors?: boolean;
  /** The sandbox payment provider's pages: served only where the deployment chose the sandbox. */
  sandboxOnly?: boolean;
  /** Serves the OpenAPI document: its bundle carries it gzip'd beside the code, not as 208 KB of JavaScript. */
  servesOpenApi?: boolean;
};
