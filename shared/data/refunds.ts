// Refunds on credit notes. A refund is the invoice's change (its version orders refunds, so together
// they never pay back more than was paid), written with the refund, the credit note's refunded amount
// and the refund's events.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { Db, CorrelatedDb } from '#shared/data/table';
import { getCreditNote } from '#shared/data/credit-notes';
import { refusal } from '#shared/data/invoice-lifecycle';
import { ChangeConflictError, changeInvoice } from '#shared/data/invoices';
import { refundItem, refundOfItem } from '#shared/data/items';
import { creditNoteKey, refundKey } from '#shared/data/keys';
import { notFound, validationError } from '#shared/domain/errors';
import { newId } from '#shared/domain/ids';
import { isRefusal, refund as refundOf, settlementOf } from '#shared/domain/invoice-lifecycle';
import type { Invoice } from '#shared/domain/invoice';
import type { Refund } from '#shared/domain/refund';
import { refundResource } from '#shared/domain/resources/refund';

export type NewRefund = Pick<Refund, 'amount_minor' | 'method' | 'reference' | 'refunded_at'> & {
  currency?: string;
  /** Who pays it back; absent: by hand. */
  provider?: Refund['provider'];
};

export async function recordRefund(
  db: CorrelatedDb,
  organizationId: string,
  creditNoteId: string,
  input: NewRefund,
  publicBaseUrl: string,
  now = new Date(),
): Promise<{ refund: Refund; invoice: Invoice }> {
  const creditNote = await getCreditNote(db, organizationId, creditNoteId);
  if (!creditNote) throw notFound('Credit note');
  if (input.currency && input.currency !== creditNote.currency)
    throw validationError({ currency: `must be the credit note's currency, ${creditNote.currency}` });
  const left = creditNote.total_amount_minor - (creditNote.refunded_minor ?? 0);
  if (input.amount_minor > left) throw validationError({ amount: 'is more than is left to refund on the credit note' });
  const refund: Refund = {
    id: newId('ref', now.getTime()),
    credit_note_id: creditNote.id,
    invoice_id: creditNote.invoice_id,
    amount_minor: input.amount_minor,
    currency: creditNote.currency,
    method: input.method,
    ...(input.reference ? { reference: input.reference } : {}),
    refunded_at: input.refunded_at,
    provider: input.provider ?? 'manual',
    // Paid back by hand means already paid; through a provider, pending until it confirms.
    status: (input.provider ?? 'manual') === 'manual' ? 'succeeded' : 'pending',
    created_at: now.toISOString(),
  };
  const invoice = await changeInvoice(
    db,
    organizationId,
    creditNote.invoice_id,
    (current) => {
      const next = refundOf(settlementOf(current), input.amount_minor);
      if (isRefusal(next)) throw refusal(next);
      return {
        invoice: { ...current, amount_refunded_minor: next.refunded_minor },
        events: refund.status === 'succeeded' ? ['refund.created', 'refund.succeeded'] : ['refund.created'],
        eventData: { refund: refundResource(refund) },
        items: [
          { Put: { TableName: db.table, Item: refundItem(organizationId, refund) } },
          {
            // What the credit note has left to refund, checked again in the write.
            Update: {
              TableName: db.table,
              Key: creditNoteKey(organizationId, creditNote.id),
              UpdateExpression: 'ADD refunded_minor :amount',
              ConditionExpression: 'attribute_not_exists(refunded_minor) OR refunded_minor <= :most',
              ExpressionAttributeValues: {
                ':amount': input.amount_minor,
                ':most': creditNote.total_amount_minor - input.amount_minor,
              },
            },
          },
        ],
      };
    },
    publicBaseUrl,
    now,
  ).catch((error: unknown) => {
    if (error instanceof ChangeConflictError)
      throw validationError({ amount: 'is more than is left to refund on the credit note' });
    throw error;
  });
  return { refund, invoice };
}

export async function getRefund(db: Db, organizationId: string, creditNoteId: string, refundId: string) {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: refundKey(organizationId, creditNoteId, refundId) }),
  );
  return Item ? refundOfItem(Item) : undefined;
}

/**
 * The provider's answer on a pending refund: succeeded, or failed (the money is owed back again, on
 * the invoice and on the credit note). A refund already settled stays as it is: answers are idempotent.
 */
export async function settleRefund(
  db: CorrelatedDb,
  organizationId: string,
  pending: Refund,
  outcome: { status: 'succeeded' | 'failed'; provider_refund_id?: string },
  publicBaseUrl: string,
  now = new Date(),
): Promise<Refund> {
  const settled: Refund = {
    ...pending,
    status: outcome.status,
    ...(outcome.provider_refund_id ? { provider_refund_id: outcome.provider_refund_id } : {}),
  };
  const failed = outcome.status === 'failed';
  try {
    await changeInvoice(
      db,
      organizationId,
      pending.invoice_id,
      (current) => ({
        invoice: failed
          ? { ...current, amount_refunded_minor: (current.amount_refunded_minor ?? 0) - pending.amount_minor }
          : current,
        events: [failed ? 'refund.failed' : 'refund.succeeded'],
        eventData: { refund: refundResource(settled) },
        items: [
          {
            Update: {
              TableName: db.table,
              Key: refundKey(organizationId, pending.credit_note_id, pending.id),
              UpdateExpression: 'SET #status = :status, provider_refund_id = :provider',
              ConditionExpression: '#status = :pending',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: {
                ':status': outcome.status,
                ':provider': settled.provider_refund_id ?? null,
                ':pending': 'pending',
              },
            },
          },
          ...(failed
            ? [
                {
                  Update: {
                    TableName: db.table,
                    Key: creditNoteKey(organizationId, pending.credit_note_id),
                    UpdateExpression: 'ADD refunded_minor :back',
                    ExpressionAttributeValues: { ':back': -pending.amount_minor },
                  },
                },
              ]
            : []),
        ],
      }),
      publicBaseUrl,
      now,
    );
    return settled;
  } catch (error) {
    // Settled already by an earlier answer (the provider's reply and its webhook both report it).
    if (error instanceof ChangeConflictError)
      return (await getRefund(db, organizationId, pending.credit_note_id, pending.id))!;
    throw error;
  }
}
