// Every key of the table is built here and nowhere else (docs/data-model.md lists the patterns).
// Each id segment ends with '#' where another segment may follow, so no id is a prefix of another.

export type Key = { pk: string; sk: string };

const org = (organizationId: string) => `ORG#${organizationId}`;

export const organizationKey = (organizationId: string): Key => ({ pk: org(organizationId), sk: 'ORG' });
export const invoiceCounterKey = (organizationId: string): Key => ({ pk: org(organizationId), sk: 'COUNTER#invoice' });

export const userKey = (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'USER' });
export const identityLinkKey = (issuer: string, subject: string): Key => ({
  pk: `IDP#${issuer}#${subject}`,
  sk: 'IDP',
});

export const membershipKey = (organizationId: string, userId: string): Key => ({
  pk: org(organizationId),
  sk: `MEMBER#${userId}`,
});
export const membershipsOfUser = (userId: string) => ({
  gsi1pk: `USER#${userId}`,
  gsi1sk: (organizationId: string) => org(organizationId),
});

export const clientKey = (organizationId: string, clientId: string): Key => ({
  pk: org(organizationId),
  sk: `CLIENT#${clientId}`,
});
export const CLIENT_PREFIX = 'CLIENT#';

export const invoiceKey = (organizationId: string, invoiceId: string): Key => ({
  pk: org(organizationId),
  sk: `INVOICE#${invoiceId}`,
});

/** Index keys an invoice carries: all by issue date, by status, by client. */
/** Index keys an invoice carries: all by issue date, by status, by client; by due date while it may fall overdue. */
export const invoiceIndexKeys = (
  organizationId: string,
  invoice: { id: string; status: string; client_id: string; issue_date: string; due_date: string },
) => ({
  gsi1pk: invoicesOfOrganization(organizationId),
  gsi1sk: invoiceDateSort(invoice.issue_date, invoice.id),
  gsi2pk: invoicesWithStatus(organizationId, invoice.status),
  gsi2sk: invoiceDateSort(invoice.issue_date, invoice.id),
  gsi3pk: invoicesOfClient(organizationId, invoice.client_id),
  gsi3sk: invoiceDateSort(invoice.issue_date, invoice.id),
  ...(invoice.status === 'sent' || invoice.status === 'partially_paid'
    ? { gsi4pk: openInvoicesShard(shardOf(invoice.id)), gsi4sk: `${invoice.due_date}#${organizationId}#${invoice.id}` }
    : {}),
});

/** The overdue sweep reads open invoices from this many partitions, so no single one runs hot. */
export const OPEN_INVOICE_SHARDS = 16;
const shardOf = (id: string) =>
  [...id].reduce((sum, character) => (sum * 31 + character.charCodeAt(0)) % OPEN_INVOICE_SHARDS, 0);
export const openInvoicesShard = (shard: number) => `OPEN#${shard}`;
/** Sort values below this belong to invoices due before `date`. */
export const dueBefore = (date: string) => `${date}#`;

export const paymentKey = (organizationId: string, invoiceId: string, paymentId: string): Key => ({
  pk: org(organizationId),
  sk: `PAYMENT#${invoiceId}#${paymentId}`,
});
export const paymentsOfInvoice = (invoiceId: string) => `PAYMENT#${invoiceId}#`;
/** A payment link's checkout, found by its id from the provider's return or the sandbox page. */
export const checkoutKey = (checkoutId: string): Key => ({ pk: `CHECKOUT#${checkoutId}`, sk: 'CHECKOUT' });

/** Marks a payment provider's event as applied, so a redelivered event changes nothing. */
export const providerEventKey = (provider: string, eventId: string): Key => ({
  pk: `PROVIDER_EVENT#${provider}#${eventId}`,
  sk: 'PROVIDER_EVENT',
});
export const invoicesOfOrganization = (organizationId: string) => `${org(organizationId)}#INVOICES`;
export const invoicesWithStatus = (organizationId: string, status: string) => `${org(organizationId)}#STATUS#${status}`;
export const invoicesOfClient = (organizationId: string, clientId: string) =>
  `${org(organizationId)}#CLIENT#${clientId}`;
/** Sort value for issue-date ordering; a date range is a BETWEEN on `<from>#` .. `<to>#~`. */
export const invoiceDateSort = (issueDate: string, invoiceId: string) => `${issueDate}#${invoiceId}`;

export const publicTokenKey = (token: string): Key => ({ pk: `PUBLIC#${token}`, sk: 'PUBLIC' });
/** An API key is found by the hash of its secret. */
export const apiKeyKey = (secretHash: string): Key => ({ pk: `APIKEY#${secretHash}`, sk: 'APIKEY' });
/** An organization's key records (display fields, usage) next to the hash-keyed lookup items. */
export const apiKeyRecordKey = (organizationId: string, keyId: string): Key => ({
  pk: org(organizationId),
  sk: `APIKEY#${keyId}`,
});
export const API_KEY_RECORD_PREFIX = 'APIKEY#';

export const refreshTokenKey = (tokenHash: string): Key => ({ pk: `REFRESH#${tokenHash}`, sk: 'REFRESH' });
export const refreshTokensOfUser = (userId: string) => ({
  gsi1pk: `USER#${userId}#REFRESH`,
  gsi1sk: (createdAt: string, hash: string) => `${createdAt}#${hash.slice(0, 16)}`,
});
export const rateLimitKey = (scope: string, subject: string, window: number): Key => ({
  pk: `RATE#${scope}#${subject}#${window}`,
  sk: 'RATE',
});

export const idempotencyKey = (organizationId: string, key: string): Key => ({
  pk: `IDEMPOTENCY#${organizationId}#${key}`,
  sk: 'IDEMPOTENCY',
});
export const eventKey = (organizationId: string, eventId: string): Key => ({
  pk: org(organizationId),
  sk: `EVENT#${eventId}`,
});
export const EVENT_PREFIX = 'EVENT#';
/** Outbox events carry this index key until published; the sweeper reads the stragglers from it. */
export const UNPUBLISHED_EVENTS = 'UNPUBLISHED';

export const webhookKey = (organizationId: string, webhookId: string): Key => ({
  pk: org(organizationId),
  sk: `WEBHOOK#${webhookId}`,
});
export const WEBHOOK_PREFIX = 'WEBHOOK#';
/** A delivery of one event to one subscription; the id is the event's, so a redelivered fan-out finds it. */
export const deliveryKey = (organizationId: string, webhookId: string, eventId: string): Key => ({
  pk: `${org(organizationId)}#WEBHOOK#${webhookId}`,
  sk: `DELIVERY#${eventId}`,
});
export const deliveriesOf = (organizationId: string, webhookId: string) =>
  `${org(organizationId)}#WEBHOOK#${webhookId}`;

/** The leading key segment of every item that belongs to an organization. */
export const organizationPartition = org;

export const recurringKey = (organizationId: string, recurringId: string): Key => ({
  pk: org(organizationId),
  sk: `RECURRING#${recurringId}`,
});
export const RECURRING_PREFIX = 'RECURRING#';
/** Active templates carry this index key; the runner reads what is due from the shards. */
export const RECURRING_SHARDS = 16;
export const recurringDueShard = (shard: number) => `RECURRING_DUE#${shard}`;
export const recurringDueKeys = (organizationId: string, recurringId: string, nextRunDate: string) => ({
  gsi4pk: recurringDueShard(shardOf(recurringId) % RECURRING_SHARDS),
  gsi4sk: `${nextRunDate}#${organizationId}#${recurringId}`,
});

/** Revenue of one organization, currency and month (`YYYY-MM`), kept up to date from events. */
export const revenueKey = (organizationId: string, currency: string, month: string): Key => ({
  pk: org(organizationId),
  sk: `REVENUE#${currency}#${month}`,
});
export const revenuePrefix = (currency?: string) => (currency ? `REVENUE#${currency}#` : 'REVENUE#');
/** Marks an event as applied to the revenue aggregates, in the same transaction as the amounts. */
export const appliedEventKey = (organizationId: string, eventId: string): Key => ({
  pk: org(organizationId),
  sk: `APPLIED#${eventId}`,
});
