// How each entity is stored and read back: one codec per entity. An item is the entity plus its
// key, its index keys and `type`; reading removes exactly those, so storage attributes never leave
// a repository. Keys come from keys.ts; this module decides which keys an entity's item carries.
import {
  BY,
  clientKey,
  creditNoteKey,
  creditNotesOfOrganization,
  invoiceDateSort,
  indexKeys,
  invoiceIndexKeys,
  invoiceKey,
  membershipKey,
  membershipsOfUser,
  organizationKey,
  organizationLogoKey,
  paymentKey,
  recurringDueKeys,
  recurringKey,
  refundKey,
  seriesCounterKey,
  userKey,
  webhookKey,
} from '#shared/data/keys';
import { TABLE_DEFINITION } from '#shared/data/table-definition';
import type { Client } from '#shared/domain/client';
import type { Delivery } from '#shared/domain/delivery';
import type { Invoice } from '#shared/domain/invoice';
import type { Organization } from '#shared/domain/organization';
import type { Logo } from '#shared/domain/logo';
import type { Refund } from '#shared/domain/refund';
import type { CreditNote } from '#shared/domain/credit-note';
import type { Payment } from '#shared/domain/payment';
import type { RecurringInvoice } from '#shared/domain/recurring-invoice';
import { INVOICE_SERIES, numberingOf } from '#shared/domain/numbering';
import type { Membership, User } from '#shared/domain/user';
import type { Webhook } from '#shared/domain/webhook';

type Item = Record<string, unknown>;

/** What the table itself gives meaning to (TABLE_DEFINITION): key, index keys, `type` and `ttl`. */
const STORAGE_ATTRIBUTES = [
  TABLE_DEFINITION.partitionKey,
  TABLE_DEFINITION.sortKey,
  TABLE_DEFINITION.ttlAttribute,
  'type',
  ...TABLE_DEFINITION.indexes.flatMap((index) => [index.partitionKey, index.sortKey]),
];
const TENANT_STORAGE_ATTRIBUTES = [...STORAGE_ATTRIBUTES, 'organization_id'];

/**
 * Takes a freshly read item over as its entity: the item is the SDK's own copy and read once. The SDK
 * builds items one keyed store at a time, so they are hash tables, where a delete is a removal and a
 * copy re-inserts every attribute: about 25 times the cost per page of 25 (docs/performance.md).
 */
const takenOver = (item: Item, storage: readonly string[]) => {
  for (const name of storage) delete item[name];
  return item;
};

/** The entity of an item, taken over: every attribute but its key, index keys, `type` and `ttl`. */
export const entityOf = <T>(item: Item): T => takenOver(item, STORAGE_ATTRIBUTES) as T;

/** Entities stored beside their organization's id (for the tenancy checks of streams and scans) drop it too. */
export const tenantEntityOf = <T>(item: Item): T => takenOver(item, TENANT_STORAGE_ATTRIBUTES) as T;

/** Items of several kinds read together (a batch get) are told apart by their `type`. */
export const ofType = (items: Item[], type: string) => items.find((item) => item.type === type);

export const organizationItem = (organization: Organization) => ({
  ...organizationKey(organization.id),
  type: 'organization',
  ...organization,
});
export const organizationOf = (item: Item) => entityOf<Organization>(item);

export const creditNoteItem = (organizationId: string, creditNote: CreditNote) => ({
  ...creditNoteKey(organizationId, creditNote.id),
  type: 'credit_note',
  organization_id: organizationId,
  ...indexKeys(
    BY.creditNotesByIssueDate,
    creditNotesOfOrganization(organizationId),
    invoiceDateSort(creditNote.issue_date, creditNote.id),
  ),
  ...creditNote,
});
export const creditNoteOf = (item: Item) => tenantEntityOf<CreditNote>(item);

export const logoItem = (organizationId: string, logo: Logo) => ({
  ...organizationLogoKey(organizationId),
  type: 'logo',
  content_type: logo.content_type,
  bytes: logo.bytes,
});
export const logoOf = (item: Item): Logo => ({
  content_type: item.content_type as Logo['content_type'],
  bytes: item.bytes as Uint8Array,
});

/** A new organization's invoice series starts at 0 with the organization's prefix, nothing to verify. */
export const invoiceCounterItem = (organization: Organization) => ({
  ...seriesCounterKey(organization.id, INVOICE_SERIES),
  type: 'series_counter',
  organization_id: organization.id,
  series: INVOICE_SERIES,
  pattern: numberingOf(organization).pattern,
  padding: numberingOf(organization).padding,
  last_number: 0,
  verified_through: 0,
});

export const userItem = (user: User) => ({ ...userKey(user.id), type: 'user', ...user });
export const userOf = (item: Item) => entityOf<User>(item);

/** A membership carries the user's index key, so a user's organizations are one query. */
export const membershipItem = (membership: Membership) => {
  return {
    ...membershipKey(membership.organization_id, membership.user_id),
    type: 'membership',
    ...indexKeys(BY.membershipsOfUser, membershipsOfUser(membership.user_id), membership.organization_id),
    ...membership,
  };
};
export const membershipOf = (item: Item) => entityOf<Membership>(item);

export const clientItem = (organizationId: string, client: Client) => ({
  ...clientKey(organizationId, client.id),
  type: 'client',
  organization_id: organizationId,
  ...client,
});
export const clientOf = (item: Item) => tenantEntityOf<Client>(item);

export const invoiceItem = (organizationId: string, invoice: Invoice) => ({
  ...invoiceKey(organizationId, invoice.id),
  type: 'invoice',
  organization_id: organizationId,
  ...invoiceIndexKeys(organizationId, invoice),
  ...invoice,
});
export const invoiceOf = (item: Item) => tenantEntityOf<Invoice>(item);

export const paymentItem = (organizationId: string, payment: Payment) => ({
  ...paymentKey(organizationId, payment.invoice_id, payment.id),
  type: 'payment',
  organization_id: organizationId,
  ...payment,
});
export const paymentOf = (item: Item) => tenantEntityOf<Payment>(item);

export const refundItem = (organizationId: string, refund: Refund) => ({
  ...refundKey(organizationId, refund.credit_note_id, refund.id),
  type: 'refund',
  organization_id: organizationId,
  ...refund,
});
export const refundOfItem = (item: Item) => tenantEntityOf<Refund>(item);

export const webhookItem = (webhook: Webhook) => ({
  ...webhookKey(webhook.organization_id, webhook.id),
  type: 'webhook',
  ...webhook,
});
export const webhookOf = (item: Item) => entityOf<Webhook>(item);

export const deliveryOf = (item: Item) => entityOf<Delivery>(item);

/** While active, a template carries the sharded "due" index key of its next run. */
export const recurringItem = (template: RecurringInvoice) => ({
  ...recurringKey(template.organization_id, template.id),
  type: 'recurring_invoice',
  ...template,
  ...(template.status === 'active' && template.next_run_date
    ? recurringDueKeys(template.organization_id, template.id, template.next_run_date)
    : {}),
});
export const recurringOf = (item: Item) => entityOf<RecurringInvoice>(item);
