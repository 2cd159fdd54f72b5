// Every invoice or payment of one organization, fields projected: for rebuilding aggregates, never
// on a request path. One query over the organization's partition, page by page.
import { type Db, queryAll } from '#shared/data/table';
import {
  CREDIT_NOTE_PREFIX,
  INVOICE_PREFIX,
  organizationPartition,
  PAYMENT_PREFIX,
  REFUND_PREFIX,
} from '#shared/data/keys';
import type { Invoice } from '#shared/domain/invoice';
import type { Payment } from '#shared/domain/payment';
import type { CreditNote } from '#shared/domain/credit-note';
import type { Refund } from '#shared/domain/refund';

const everyItem = async <T>(db: Db, organizationId: string, prefix: string, fields: readonly string[]) =>
  (await queryAll(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ProjectionExpression: fields.map((_, index) => `#p${index}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(fields.map((name, index) => [`#p${index}`, name])),
    ExpressionAttributeValues: { ':pk': organizationPartition(organizationId), ':prefix': prefix },
  })) as T[];

export const everyInvoiceOf = <F extends keyof Invoice>(db: Db, organizationId: string, fields: readonly F[]) =>
  everyItem<Pick<Invoice, F>>(db, organizationId, INVOICE_PREFIX, fields);

export const everyCreditNoteOf = <F extends keyof CreditNote>(db: Db, organizationId: string, fields: readonly F[]) =>
  everyItem<Pick<CreditNote, F>>(db, organizationId, CREDIT_NOTE_PREFIX, fields);

export const everyRefundOf = <F extends keyof Refund>(db: Db, organizationId: string, fields: readonly F[]) =>
  everyItem<Pick<Refund, F>>(db, organizationId, REFUND_PREFIX, fields);

export const everyPaymentOf = <F extends keyof Payment>(db: Db, organizationId: string, fields: readonly F[]) =>
  everyItem<Pick<Payment, F>>(db, organizationId, PAYMENT_PREFIX, fields);
