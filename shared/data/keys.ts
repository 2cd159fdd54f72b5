// Every key of the table is built here (or in archive-keys.ts and bank-keys.ts, exported from here) and nowhere
// else (docs/data-model.md). Each id segment ends with '#' where another may follow: no id is a prefix of another.
import { createHash } from 'node:crypto';
import { BY, indexKeys } from '#shared/data/indexes';
export { BY, indexKeys, indexQuery, type IndexAccess } from '#shared/data/indexes';
export * from '#shared/data/archive-keys';
export * from '#shared/data/bank-keys';

export type Key = { pk: string; sk: string };

const org = (organizationId: string) => `ORG#${organizationId}`;

export const organizationKey = (organizationId: string): Key => ({ pk: org(organizationId), sk: 'ORG' });
/** The logo's bytes, beside the organization so its item stays small. */
export const organizationLogoKey = (organizationId: string): Key => ({ pk: org(organizationId), sk: 'LOGO' });
/** A numbered series' counter: `COUNTER#invoice`, `COUNTER#credit_note`, … */
export const seriesCounterKey = (organizationId: string, series: string): Key => ({
  pk: org(organizationId),
  sk: `COUNTER#${series}`,
});

/** Numbers sort by value: twelve digits cover any series for good. */
const numberSort = (number: number) => String(number).padStart(12, '0');
/** Who holds a number of a series: its document, or the record that voided it. */
export const numberClaimKey = (organizationId: string, series: string, number: number): Key => ({
  pk: org(organizationId),
  sk: `NUMBER#${series}#${numberSort(number)}`,
});
export const numberClaimsOf = (organizationId: string, series: string, from: number, to: number) => ({
  ':pk': org(organizationId),
  ':from': `NUMBER#${series}#${numberSort(from)}`,
  ':to': `NUMBER#${series}#${numberSort(to)}`,
});
/** A printed invoice number, held by one invoice: numbers stay unique across numbering formats. */
export const numberTextKey = (organizationId: string, text: string): Key => ({
  pk: org(organizationId),
  sk: `NUMBER_TEXT#${text}`,
});
/** A printed credit-note number, held by one credit note (a prefix of its own: no invoice text can match). */
export const creditNoteNumberTextKey = (organizationId: string, text: string): Key => ({
  pk: org(organizationId),
  sk: `CREDIT_NOTE_NUMBER_TEXT#${text}`,
});
export const voidedNumberKey = (organizationId: string, series: string, number: number): Key => ({
  pk: org(organizationId),
  sk: `VOIDED_NUMBER#${series}#${numberSort(number)}`,
});
export const voidedNumbersOf = (organizationId: string, series: string) => ({
  ':pk': org(organizationId),
  ':prefix': `VOIDED_NUMBER#${series}#`,
});
/** Counters with numbers still to verify carry this index key; the sweeper reads what is due. */
export const NUMBER_SERIES_SHARDS = 16;
export const seriesToVerifyShard = (shard: number) => `NUMBERS#${shard}`;
export const seriesToVerifyKeys = (organizationId: string, series: string, due: string) =>
  indexKeys(
    BY.seriesToVerify,
    seriesToVerifyShard(shardOf(organizationId) % NUMBER_SERIES_SHARDS),
    `${due}#${organizationId}#${series}`,
  );

export const userKey = (userId: string): Key => ({ pk: `USER#${userId}`, sk: 'USER' });
export const identityLinkKey = (issuer: string, subject: string): Key => ({
  pk: `IDP#${issuer}#${subject}`,
  sk: 'IDP',
});

export const membershipKey = (organizationId: string, userId: string): Key => ({
  pk: org(organizationId),
  sk: `MEMBER#${userId}`,
});
export const membershipsOfUser = (userId: string) => `USER#${userId}`;
/** The organization's members sort between these, with the team item (its version) last: one Query reads both. */
export const MEMBER_PREFIX = 'MEMBER#';
export const teamKey = (organizationId: string): Key => ({ pk: org(organizationId), sk: 'MEMBERS' });
export const teamOf = (organizationId: string) => ({
  ':pk': org(organizationId),
  ':first': MEMBER_PREFIX,
  ':last': 'MEMBERS',
});
/** The audit chain's head (its last entry), its entries by time and place, and a marker per event chained. */
export const auditHeadKey = (organizationId: string): Key => ({ pk: org(organizationId), sk: 'AUDIT_HEAD' });
export const AUDIT_PREFIX = 'AUDIT#';
export const auditEntryKey = (organizationId: string, at: string, seq: number): Key => ({
  pk: org(organizationId),
  sk: `${AUDIT_PREFIX}${at}#${String(seq).padStart(12, '0')}`,
});
export const auditRange = (organizationId: string, from: string, to: string) => ({
  ':pk': org(organizationId),
  ':from': `${AUDIT_PREFIX}${from}`,
  ':to': `${AUDIT_PREFIX}${to}~`,
});
export const auditedEventKey = (organizationId: string, eventId: string): Key => ({
  pk: org(organizationId),
  sk: `AUDITED#${eventId}`,
});
export const INVITATION_PREFIX = 'INVITATION#';
export const invitationKey = (organizationId: string, invitationId: string): Key => ({
  pk: org(organizationId),
  sk: `${INVITATION_PREFIX}${invitationId}`,
});
export const invitationsOf = (organizationId: string) => ({ ':pk': org(organizationId), ':prefix': INVITATION_PREFIX });
/** An invitation is found by the hash of its token, as an API key is. */
export const invitationTokenKey = (tokenHash: string): Key => ({
  pk: `INVITATION_TOKEN#${tokenHash}`,
  sk: 'INVITATION_TOKEN',
});

export const clientKey = (organizationId: string, clientId: string): Key => ({
  pk: org(organizationId),
  sk: `CLIENT#${clientId}`,
});
export const CLIENT_PREFIX = 'CLIENT#';

export const INVOICE_PREFIX = 'INVOICE#';
export const invoiceKey = (organizationId: string, invoiceId: string): Key => ({
  pk: org(organizationId),
  sk: `${INVOICE_PREFIX}${invoiceId}`,
});

/** Index keys an invoice carries: all by issue date, by status, by client; by due date while it may fall overdue. */
export const invoiceIndexKeys = (
  organizationId: string,
  invoice: { id: string; status: string; client_id: string; issue_date: string; due_date: string },
) => ({
  ...indexKeys(
    BY.invoicesByIssueDate,
    invoicesOfOrganization(organizationId),
    invoiceDateSort(invoice.issue_date, invoice.id),
  ),
  ...indexKeys(
    BY.invoicesByStatus,
    invoicesWithStatus(organizationId, invoice.status),
    invoiceDateSort(invoice.issue_date, invoice.id),
  ),
  ...indexKeys(
    BY.invoicesOfClient,
    invoicesOfClient(organizationId, invoice.client_id),
    invoiceDateSort(invoice.issue_date, invoice.id),
  ),
  ...(invoice.status === 'sent' || invoice.status === 'partially_paid'
    ? indexKeys(
        BY.openInvoicesByDueDate,
        openInvoicesShard(shardOf(invoice.id)),
        `${invoice.due_date}#${organizationId}#${invoice.id}`,
      )
    : {}),
});

/** An invoice's place in the reminder sweep's index: the date of its next step. */
export const reminderScheduleKey = (organizationId: string, invoiceId: string): Key => ({
  pk: org(organizationId),
  sk: `REMINDER_SCHEDULE#${invoiceId}`,
});
export const REMINDER_SHARDS = 16;
export const remindersDueShard = (shard: number) => `REMINDERS#${shard}`;
export const reminderDueKeys = (organizationId: string, invoiceId: string, date: string) =>
  indexKeys(
    BY.remindersDue,
    remindersDueShard(shardOf(invoiceId) % REMINDER_SHARDS),
    `${date}#${organizationId}#${invoiceId}`,
  );
/** The claim of one step of one invoice's schedule: whoever writes it sends that reminder. */
export const reminderClaimKey = (organizationId: string, invoiceId: string, stepDate: string): Key => ({
  pk: org(organizationId),
  sk: `REMINDER_CLAIM#${invoiceId}#${stepDate}`,
});

/** An address the organization no longer mails (lowercased: one item covers every spelling). */
export const SUPPRESSION_PREFIX = 'EMAIL_SUPPRESSION#';
export const emailSuppressionKey = (organizationId: string, address: string): Key => ({
  pk: org(organizationId),
  sk: `${SUPPRESSION_PREFIX}${address}`,
});

/** What the Peppol network said of a participant when this organization last asked (kept a day). */
export const peppolLookupKey = (organizationId: string, participantId: string): Key => ({
  pk: org(organizationId),
  sk: `PEPPOL_LOOKUP#${participantId}`,
});

/** An organization that receives as a Peppol participant (its `peppol_id`, lowercased: ids are case-insensitive). */
export const PEPPOL_RECEIVER_PREFIX = 'PEPPOL_RECEIVER#';
export const peppolReceiverKey = (participantId: string, organizationId: string): Key => ({
  pk: `${PEPPOL_RECEIVER_PREFIX}${participantId.toLowerCase()}`,
  sk: org(organizationId),
});

/** Which organization's document a Peppol transmission is: reports name only the access point's id. */
export const peppolTransmissionKey = (transmissionId: string): Key => ({
  pk: `PEPPOL_TRANSMISSION#${transmissionId}`,
  sk: 'TRANSMISSION',
});

/** The ECB's euro reference rates of one month's publication days (`yyyy-mm`): one partition for all months. */
export const ECB_RATES_PARTITION = 'ECB_RATES';
export const ecbRatesKey = (month: string): Key => ({ pk: ECB_RATES_PARTITION, sk: month });

/** The overdue sweep reads open invoices from this many partitions, so no single one runs hot. */
export const OPEN_INVOICE_SHARDS = 16;
const shardOf = (id: string) =>
  [...id].reduce((sum, character) => (sum * 31 + character.charCodeAt(0)) % OPEN_INVOICE_SHARDS, 0);
export const openInvoicesShard = (shard: number) => `OPEN#${shard}`;
/** Sort values below this belong to invoices due before `date`. */
export const dueBefore = (date: string) => `${date}#`;

export const paymentKey = (organizationId: string, invoiceId: string, paymentId: string): Key => ({
  pk: org(organizationId),
  sk: `${PAYMENT_PREFIX}${invoiceId}#${paymentId}`,
});
export const PAYMENT_PREFIX = 'PAYMENT#';
export const REFUND_PREFIX = 'REFUND#';
export const refundKey = (organizationId: string, creditNoteId: string, refundId: string): Key => ({
  pk: org(organizationId),
  sk: `${REFUND_PREFIX}${creditNoteId}#${refundId}`,
});
export const paymentsOfInvoice = (invoiceId: string) => `${PAYMENT_PREFIX}${invoiceId}#`;
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
/** The sort range of issue dates from and to (either open), or none when neither is given: no
 * condition at all, rather than one every item meets, which DynamoDB would still evaluate. */
export const issueDateRange = (from?: string, to?: string) =>
  from || to
    ? { from: invoiceDateSort(from ?? '0000-00-00', ''), to: invoiceDateSort(to ?? '9999-99-99', '~') }
    : undefined;

export const QUOTE_PREFIX = 'QUOTE#';
/** A sent quote's place in the quote sweep's index: its expiry date, in one of the open-invoice shards' number. */
export const sentQuoteKeys = (organizationId: string, quote: { id: string; status: string; expiry_date: string }) =>
  quote.status === 'sent'
    ? indexKeys(
        BY.sentQuotesByExpiry,
        sentQuotesShard(shardOf(quote.id)),
        `${quote.expiry_date}#${organizationId}#${quote.id}`,
      )
    : {};
export const sentQuotesShard = (shard: number) => `QUOTES_SENT#${shard}`;
export const quoteKey = (organizationId: string, quoteId: string): Key => ({
  pk: org(organizationId),
  sk: `${QUOTE_PREFIX}${quoteId}`,
});
/** A printed quote number, held by one quote (a prefix of its own: no invoice or credit note text can match). */
export const quoteNumberTextKey = (organizationId: string, text: string): Key => ({
  pk: org(organizationId),
  sk: `QUOTE_NUMBER_TEXT#${text}`,
});

export const CREDIT_NOTE_PREFIX = 'CREDIT_NOTE#';
export const creditNoteKey = (organizationId: string, creditNoteId: string): Key => ({
  pk: org(organizationId),
  sk: `${CREDIT_NOTE_PREFIX}${creditNoteId}`,
});
export const creditNotesOfOrganization = (organizationId: string) => `${org(organizationId)}#CREDIT_NOTES`;

export const publicTokenKey = (token: string): Key => ({ pk: `PUBLIC#${token}`, sk: 'PUBLIC' });
/** An API key is found by the hash of its secret. */
export const apiKeyKey = (secretHash: string): Key => ({ pk: `APIKEY#${secretHash}`, sk: 'APIKEY' });
/** An organization's key records (display fields, usage) next to the hash-keyed lookup items. */
export const apiKeyRecordKey = (organizationId: string, keyId: string): Key => ({
  pk: org(organizationId),
  sk: `APIKEY#${keyId}`,
});
export const API_KEY_RECORD_PREFIX = 'APIKEY#';
/** Marks a batch of usage lines as added to the keys' counts (its id is the first line's log event id). */
export const appliedUsageKey = (batchId: string): Key => ({ pk: `APPLIED_USAGE#${batchId}`, sk: 'APPLIED_USAGE' });

export const refreshTokenKey = (tokenHash: string): Key => ({ pk: `REFRESH#${tokenHash}`, sk: 'REFRESH' });
export const refreshTokensOfUser = (userId: string) => `USER#${userId}#REFRESH`;
export const refreshTokenIndexKeys = (userId: string, createdAt: string, hash: string) =>
  indexKeys(BY.refreshTokensOfUser, refreshTokensOfUser(userId), `${createdAt}#${hash.slice(0, 16)}`);
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
export const unpublishedEventKeys = (organizationId: string, event: { id: string; created_at: string }) =>
  indexKeys(BY.unpublishedEvents, UNPUBLISHED_EVENTS, `${event.created_at}#${organizationId}#${event.id}`);

export const webhookKey = (organizationId: string, webhookId: string): Key => ({
  pk: org(organizationId),
  sk: `WEBHOOK#${webhookId}`,
});
export const WEBHOOK_PREFIX = 'WEBHOOK#';
/** How many subscriptions an organization has: a slot is taken before one is written. */
export const webhookCountKey = (organizationId: string): Key => ({ pk: org(organizationId), sk: 'COUNT#webhooks' });
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
export const recurringDueKeys = (organizationId: string, recurringId: string, nextRunDate: string) =>
  indexKeys(
    BY.recurringDue,
    recurringDueShard(shardOf(recurringId) % RECURRING_SHARDS),
    `${nextRunDate}#${organizationId}#${recurringId}`,
  );

/**
 * Revenue of one organization, currency and month (`YYYY-MM`), kept up to date from events, in a
 * partition of its own: the report's Query reads nothing else, however many invoices there are.
 */
export const revenuePartition = (organizationId: string) => `${org(organizationId)}#REVENUE`;
export const revenueKey = (organizationId: string, currency: string, month: string): Key => ({
  pk: revenuePartition(organizationId),
  sk: `REVENUE#${currency}#${month}`,
});
/** Where the aggregates were kept before (beside the invoices); `npm run migrate-revenue` moves them. */
export const formerRevenueKey = (organizationId: string, currency: string, month: string): Key => ({
  pk: org(organizationId),
  sk: `REVENUE#${currency}#${month}`,
});
export const revenuePrefix = (currency?: string) => (currency ? `REVENUE#${currency}#` : 'REVENUE#');
/** Marks an event as applied to the revenue aggregates, in the same transaction as the amounts. */
export const appliedEventKey = (organizationId: string, eventId: string): Key => ({
  pk: org(organizationId),
  sk: `APPLIED#${eventId}`,
});

/** One metadata key of a document or client; its index keys find it by kind, key and value. */
export const metadataEntryKey = (organizationId: string, kind: string, id: string, key: string): Key => ({
  pk: org(organizationId),
  sk: `METADATA#${kind}#${id}#${key}`,
});
/** Key and value are hashed together: any text, a key of bounded length, and no separator to escape. */
export const metadataPartition = (organizationId: string, kind: string, key: string, value: string) =>
  `${org(organizationId)}#METADATA#${kind}#${createHash('sha256').update(`${key}\u0000${value}`).digest('base64url').slice(0, 32)}`;
export const metadataEntryIndexKeys = (organizationId: string, kind: string, id: string, key: string, value: string) =>
  indexKeys(BY.documentsWithMetadata, metadataPartition(organizationId, kind, key, value), id);

/**
 * The search terms of an organization's invoices, one partition of their own. A space ends a term: no
 * term holds one (words and numbers have none), and an id never does, so the last space parts them.
 */
export const SEARCH_TERM_END = ' ';
export const searchPartition = (organizationId: string) => `${org(organizationId)}#SEARCH`;
export const searchTermKey = (organizationId: string, term: string, invoiceId: string): Key => ({
  pk: searchPartition(organizationId),
  sk: `${term}${SEARCH_TERM_END}${invoiceId}`,
});

/** An export job of an organization. */
export const EXPORT_PREFIX = 'EXPORT#';
export const exportKey = (organizationId: string, exportId: string): Key => ({
  pk: org(organizationId),
  sk: `${EXPORT_PREFIX}${exportId}`,
});

/** A received e-invoice; its ULID id sorts the organization's inbox by arrival. */
export const incomingInvoiceKey = (organizationId: string, id: string): Key => ({
  pk: org(organizationId),
  sk: `INCOMING#${id}`,
});
export const incomingInvoicesOf = (organizationId: string) => ({ ':pk': org(organizationId), ':prefix': 'INCOMING#' });
/** The one received document with this identity (seller, number, issue date, type: shared/domain/incoming-invoice.ts). */
export const incomingIdentityKey = (organizationId: string, identity: string): Key => ({
  pk: org(organizationId),
  sk: `INCOMING_IDENTITY#${identity}`,
});
/** A transport's message (an e-mail, a Peppol message) taken in once: its id hashed, as ids may be any text. */
export const incomingMessageKey = (organizationId: string, channel: string, messageId: string): Key => ({
  pk: org(organizationId),
  sk: `INCOMING_MESSAGE#${channel}#${createHash('sha256').update(messageId).digest('hex')}`,
});
