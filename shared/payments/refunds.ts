// Refunds on credit notes: by hand, or through the provider the money came in by (Stripe, or the
// sandbox, which mirrors it). A provider refund is recorded pending first (it reserves what it pays
// back), then issued with the refund's own id as idempotency key, then settled by the provider's
// answer — at once when it is final, else by its webhook.
import type Stripe from 'stripe';
import type { CorrelatedDb } from '#shared/data/table';
import { getCreditNote } from '#shared/data/credit-notes';
import { keptPayments } from '#shared/data/payments';
import { recordRefund, type NewRefund } from '#shared/invoicing/record-refund';
import { settleRefund } from '#shared/invoicing/settle-refund';
import { DomainError, ErrorCode, notFound, validationError } from '#shared/domain/errors';
import type { Refund, RefundVia } from '#shared/domain/refund';

/** What a provider answers to a refund it was asked for; a refund it refused has failed, and has no id. */
export type RefundAnswer = { provider_refund_id?: string; status: Refund['status'] };

export type RefundProvider = {
  name: Exclude<RefundVia, 'manual'>;
  refund(request: {
    refund: Refund;
    /** The provider's payment being refunded (a Stripe PaymentIntent). */
    payment: string;
    metadata: Record<string, string>;
  }): Promise<RefundAnswer>;
};

export type RefundDeps = { db: CorrelatedDb; provider: RefundProvider | undefined; publicBaseUrl: string };

export const sandboxRefunds: RefundProvider = {
  name: 'sandbox',
  refund: async ({ refund }) => ({ provider_refund_id: `sandbox_${refund.id}`, status: 'succeeded' }),
};

const STRIPE_STATUS: Record<string, Refund['status']> = {
  succeeded: 'succeeded',
  failed: 'failed',
  canceled: 'failed',
};

export const stripeRefunds = (stripe: Stripe): RefundProvider => ({
  name: 'stripe',
  async refund({ refund, payment, metadata }) {
    try {
      const answer = await stripe.refunds.create(
        { payment_intent: payment, amount: refund.amount_minor, metadata },
        { idempotencyKey: refund.id },
      );
      return { provider_refund_id: answer.id, status: STRIPE_STATUS[answer.status ?? ''] ?? 'pending' };
    } catch (error) {
      // Refused by Stripe: the refund failed. No answer at all is thrown on: it stays pending, and the webhook settles it.
      const refused = error as { type?: unknown; statusCode?: unknown };
      if (String(refused.type).startsWith('Stripe') && typeof refused.statusCode === 'number')
        return { status: 'failed' };
      throw error;
    }
  },
});

export async function issueRefund(
  deps: RefundDeps,
  organizationId: string,
  creditNoteId: string,
  input: Omit<NewRefund, 'provider'> & { via: RefundVia },
): Promise<Refund> {
  const { via, ...fields } = input;
  if (via === 'manual') return (await recordRefund(deps, organizationId, creditNoteId, fields)).refund;
  const provider = deps.provider;
  if (provider?.name !== via)
    throw new DomainError(ErrorCode.paymentsNotConfigured, `This deployment does not refund through ${via}`);
  const creditNote = await getCreditNote(deps.db, organizationId, creditNoteId);
  if (!creditNote) throw notFound('Credit note');
  // The provider can only pay back a payment it took: the latest one large enough.
  const payment = (await keptPayments(deps.db, organizationId, creditNote.invoice_id))
    .filter((each) => each.provider === via && each.reference && each.amount_minor >= fields.amount_minor)
    .sort((a, b) => b.paid_at.localeCompare(a.paid_at))[0];
  if (!payment)
    throw validationError({ refund_via: `no payment of the invoice came in through ${via} for at least this amount` });
  const { refund } = await recordRefund(deps, organizationId, creditNoteId, {
    ...fields,
    method: payment.method,
    reference: payment.reference,
    provider: via,
  });
  const metadata = { organization_id: organizationId, credit_note_id: creditNoteId, refund_id: refund.id };
  // No answer at all (thrown): the refund stays pending, and the provider's webhook settles it.
  const { status, provider_refund_id } = await provider.refund({ refund, payment: payment.reference!, metadata });
  return status === 'pending' ? refund : settleRefund(deps, organizationId, refund, { status, provider_refund_id });
}
