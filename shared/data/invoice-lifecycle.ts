// Status changes of stored invoices, each written with its events through changeInvoice: send
// (and reminders), payments, void and the overdue move. The rules are shared/domain/invoice-lifecycle.ts.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { newId } from '#shared/domain/ids';
import {
  becomeOverdue,
  isRefusal,
  pay,
  send,
  settlementOf,
  voidInvoice,
  type Refusal,
} from '#shared/domain/invoice-lifecycle';
import { DomainError, ErrorCode, invalidState, validationError } from '#shared/domain/errors';
import { paymentResource } from '#shared/domain/resources/payment';
import { query, type CorrelatedDb, type Db } from '#shared/data/table';
import { paymentItem, paymentOf } from '#shared/data/items';
import { ChangeConflictError, changeInvoice } from '#shared/data/invoices';
import { organizationPartition, paymentsOfInvoice, providerEventKey } from '#shared/data/keys';
import type { Invoice, Sending } from '#shared/domain/invoice';
import type { Payment } from '#shared/domain/payment';

/** A refusal as the caller sees it: a wrong amount is a validation error, a wrong state 409. */
export const refusal = (refused: Refusal, field = 'amount') =>
  refused.because === 'amount' ? validationError({ [field]: refused.refused }) : invalidState(refused.refused);

/** Checks, before any e-mail leaves, that the invoice may be sent now. */
export function assertSendable(invoice: Invoice): void {
  const next = send(invoice.status);
  if (isRefusal(next)) throw refusal(next);
}

export async function recordSending(
  db: CorrelatedDb,
  organizationId: string,
  invoiceId: string,
  sending: Omit<Sending, 'reminder'>,
  publicBaseUrl: string,
  /** The parties as the first sending printed them: a draft becomes the issued invoice with these. */
  issuedParties?: Pick<Invoice, 'seller' | 'buyer'>,
): Promise<Invoice> {
  return changeInvoice(
    db,
    organizationId,
    invoiceId,
    (current) => {
      const next = send(current.status);
      if (isRefusal(next)) throw refusal(next);
      return {
        invoice: {
          ...current,
          ...(current.status === 'draft' && issuedParties ? issuedParties : {}),
          status: next.status,
          sent_at: current.sent_at ?? sending.sent_at,
          sendings: [...(current.sendings ?? []), { ...sending, reminder: next.reminder }],
        },
        events: [next.reminder ? 'invoice.reminder_sent' : 'invoice.sent'],
      };
    },
    publicBaseUrl,
  );
}

export async function voidStoredInvoice(
  db: CorrelatedDb,
  organizationId: string,
  invoiceId: string,
  publicBaseUrl: string,
  now = new Date(),
): Promise<Invoice> {
  return changeInvoice(
    db,
    organizationId,
    invoiceId,
    (current) => {
      const next = voidInvoice(settlementOf(current));
      if (isRefusal(next)) throw refusal(next);
      return { invoice: { ...current, status: next.status, voided_at: now.toISOString() }, events: ['invoice.voided'] };
    },
    publicBaseUrl,
    now,
  );
}

export class PaymentAlreadyRecordedError extends Error {}

/**
 * Records a payment with `payment.received` (and `invoice.paid` when it settles the invoice) in one
 * transaction. A provider's event id is recorded with it, so the same event applied twice is
 * refused as PaymentAlreadyRecordedError and changes nothing.
 */
export async function recordPayment(
  db: CorrelatedDb,
  organizationId: string,
  invoiceId: string,
  input: Omit<Payment, 'id' | 'invoice_id' | 'created_at' | 'currency'> & { currency?: string },
  publicBaseUrl: string,
  now = new Date(),
): Promise<{ invoice: Invoice; payment: Payment }> {
  let payment!: Payment;
  // A redelivered event usually finds the invoice already settled; say "already recorded", not "refused".
  if (input.provider_event_id) {
    const { Item } = await db.client.send(
      new GetCommand({ TableName: db.table, Key: providerEventKey(input.provider, input.provider_event_id) }),
    );
    if (Item) throw new PaymentAlreadyRecordedError(`event ${input.provider_event_id} was already applied`);
  }
  try {
    const invoice = await changeInvoice(
      db,
      organizationId,
      invoiceId,
      (current) => {
        if (input.currency && current.currency !== input.currency)
          throw validationError({ currency: `must be the invoice's currency, ${current.currency}` });
        payment = {
          ...input,
          currency: current.currency,
          id: newId('pay', now.getTime()),
          invoice_id: invoiceId,
          created_at: now.toISOString(),
        };
        const next = pay(settlementOf(current), input.amount_minor);
        if (isRefusal(next)) throw refusal(next);
        return {
          invoice: {
            ...current,
            status: next.status,
            amount_paid_minor: next.paid_minor,
            ...(next.settled ? { paid_at: input.paid_at } : {}),
          },
          events: next.settled ? ['payment.received', 'invoice.paid'] : ['payment.received'],
          eventData: { payment: paymentResource(payment) },
          items: [
            {
              Put: {
                TableName: db.table,
                Item: paymentItem(organizationId, payment),
              },
            },
            ...(input.provider_event_id
              ? [
                  {
                    Put: {
                      TableName: db.table,
                      Item: {
                        ...providerEventKey(input.provider, input.provider_event_id),
                        type: 'provider_event',
                        payment_id: payment.id,
                      },
                      ConditionExpression: 'attribute_not_exists(pk)',
                    },
                  },
                ]
              : []),
          ],
        };
      },
      publicBaseUrl,
      now,
    );
    return { invoice, payment };
  } catch (error) {
    if (error instanceof ChangeConflictError)
      throw new PaymentAlreadyRecordedError(`event ${input.provider_event_id} was already applied`);
    throw error;
  }
}

export async function listPayments(db: Db, organizationId: string, invoiceId: string): Promise<Payment[]> {
  const { Items = [] } = await query(db, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: {
      ':pk': organizationPartition(organizationId),
      ':prefix': paymentsOfInvoice(invoiceId),
    },
  });
  return Items.map(paymentOf);
}

/** Moves one invoice to overdue; false when it is no longer due for the move (paid, already overdue…). */
export async function markOverdue(
  db: CorrelatedDb,
  organizationId: string,
  invoiceId: string,
  today: string,
  publicBaseUrl: string,
  now = new Date(),
): Promise<boolean> {
  try {
    await changeInvoice(
      db,
      organizationId,
      invoiceId,
      (current) => {
        const next = becomeOverdue(current, today);
        if (isRefusal(next)) throw new NotDueError();
        return {
          invoice: { ...current, status: next.status, overdue_at: now.toISOString() },
          events: ['invoice.overdue'],
        };
      },
      publicBaseUrl,
      now,
    );
    return true;
  } catch (error) {
    if (error instanceof NotDueError) return false;
    throw error;
  }
}

class NotDueError extends Error {}

export const emailDeliveryFailed = () =>
  new DomainError(
    ErrorCode.emailDeliveryFailed,
    'The e-mail could not be handed to the mail service; the invoice is unchanged',
  );
