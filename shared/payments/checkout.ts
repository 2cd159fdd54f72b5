// Payment links. A checkout records what is being paid (organization, invoice, amount) and by which
// provider: Stripe Checkout, or the sandbox — a page of this service whose "pay" completes through the
// same payment code path, for laptops, tests and deployments that opted into test mode.
import type { Db, CorrelatedDb } from '#shared/data/table';
import { getInvoice } from '#shared/data/invoices';
import { PaymentAlreadyRecordedError, recordPayment } from '#shared/invoicing/record-payment';
import { findCheckout, saveCheckout, setCheckoutStatus } from '#shared/data/checkouts';
import { amountDue, OPEN_STATUSES, settlementOf } from '#shared/domain/invoice-lifecycle';
import { CAPABILITY_TOKEN, newCheckoutId } from '#shared/domain/ids';
import { DomainError, ErrorCode, invalidState, notFound } from '#shared/domain/errors';
import { publicInvoiceUrl } from '#shared/domain/resources/invoice';
import type { Invoice } from '#shared/domain/invoice';
import type { Checkout } from '#shared/domain/checkout';

export type CheckoutProvider = {
  name: Checkout['provider'];
  create(
    checkout: Omit<Checkout, 'url' | 'status' | 'provider'> & { invoiceNumber: string; returnUrl: string },
  ): Promise<{ url: string; sessionId?: string }>;
};

/** `provider` is undefined where the deployment takes no online payments. */
export type PaymentDeps = {
  db: Db;
  provider: CheckoutProvider | undefined;
  publicBaseUrl: string;
  linkTtlSeconds: number;
};

export const sandboxProvider = (publicBaseUrl: string): CheckoutProvider => ({
  name: 'sandbox',
  create: async (checkout) => ({ url: `${publicBaseUrl}/api/v1/public/sandbox/checkout/${checkout.id}/` }),
});

const paymentsNotConfigured = () =>
  new DomainError(
    ErrorCode.paymentsNotConfigured,
    'This deployment takes no online payments: ' +
      'deploy with -c stripeSecretName=<secret with secret_key and webhook_secret> ' +
      'to take card payments with Stripe (docs/deploy.md)',
  );

/** A link to pay what is due on an open invoice, now. */
export async function createPaymentLink(
  deps: PaymentDeps,
  organizationId: string,
  invoiceOrId: string | Invoice,
  now = new Date(),
): Promise<Checkout> {
  const { provider } = deps;
  if (!provider) throw paymentsNotConfigured();
  const invoice =
    typeof invoiceOrId === 'string' ? await getInvoice(deps.db, organizationId, invoiceOrId) : invoiceOrId;
  if (!invoice) throw notFound('Invoice');
  if (!OPEN_STATUSES.includes(invoice.status)) throw invalidState(`A ${invoice.status} invoice cannot be paid online`);
  const due = amountDue(settlementOf(invoice));
  if (due <= 0) throw invalidState('Nothing is due on this invoice');
  const base = {
    id: newCheckoutId(),
    organization_id: organizationId,
    invoice_id: invoice.id,
    public_token: invoice.public_token,
    amount_minor: due,
    currency: invoice.currency,
    expires_at: new Date(now.getTime() + deps.linkTtlSeconds * 1000).toISOString(),
  };
  const session = await provider.create({
    ...base,
    invoiceNumber: invoice.invoice_number,
    returnUrl: publicInvoiceUrl(deps.publicBaseUrl, invoice.public_token),
  });
  const checkout: Checkout = {
    ...base,
    provider: provider.name,
    url: session.url,
    status: 'open',
    provider_session_id: session.sessionId,
  };
  await saveCheckout(deps.db, checkout);
  return checkout;
}

export async function getCheckout(db: Db, checkoutId: string): Promise<Checkout | undefined> {
  if (!checkoutId.startsWith('chk_') || !CAPABILITY_TOKEN.test(checkoutId.slice(4))) return undefined;
  return findCheckout(db, checkoutId);
}

export type CompletionOutcome = 'paid' | 'already_paid' | 'failed' | 'expired' | 'refused';

/**
 * Completes a checkout with the provider's verdict. A payment is recorded once per checkout (the
 * checkout id is the provider event id), so a double submit or a replayed completion pays once.
 */
export async function completeCheckout(
  db: CorrelatedDb,
  checkout: Checkout,
  verdict: 'pay' | 'fail',
  publicBaseUrl: string,
  now = new Date(),
): Promise<CompletionOutcome> {
  if (verdict === 'fail') {
    await setCheckoutStatus(db, checkout.id, 'failed');
    return 'failed';
  }
  if (checkout.status === 'paid') return 'already_paid';
  if (Date.parse(checkout.expires_at) < now.getTime()) return 'expired';
  try {
    await recordPayment(
      { db, publicBaseUrl },
      checkout.organization_id,
      checkout.invoice_id,
      {
        amount_minor: checkout.amount_minor,
        currency: checkout.currency,
        paid_at: now.toISOString(),
        method: 'card',
        reference: checkout.id,
        provider: checkout.provider,
        provider_event_id: checkout.id,
      },
      now,
    );
  } catch (error) {
    if (error instanceof PaymentAlreadyRecordedError) return 'already_paid';
    if (error instanceof DomainError) return 'refused';
    throw error;
  }
  await setCheckoutStatus(db, checkout.id, 'paid');
  return 'paid';
}
