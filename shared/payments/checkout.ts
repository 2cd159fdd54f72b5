// Payment links. A checkout records what is being paid (organization, invoice, amount) and by which
// provider: Stripe Checkout, or the sandbox — a page of this service whose "pay" completes through the
// same payment code path, for laptops, tests and deployments that opted into test mode.
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '#shared/data/client';
import { getInvoice, type Invoice } from '#shared/data/invoices';
import { PaymentAlreadyRecorded, recordPayment } from '#shared/data/invoice-lifecycle';
import { checkoutKey } from '#shared/data/keys';
import { OPEN_STATUSES } from '#shared/domain/invoice-lifecycle';
import { CAPABILITY_TOKEN, newCheckoutId } from '#shared/domain/ids';
import { ApiError, ErrorCode, invalidState, notFound } from '#shared/http/errors';
import { publicInvoiceUrl } from '#shared/resources/invoice';

export type Checkout = {
  id: string;
  organization_id: string;
  invoice_id: string;
  public_token: string;
  amount_minor: number;
  currency: string;
  provider: 'stripe' | 'sandbox';
  url: string;
  status: 'open' | 'paid' | 'failed';
  expires_at: string;
  provider_session_id?: string;
};

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
  new ApiError(
    ErrorCode.paymentsNotConfigured,
    'This deployment takes no online payments: deploy with -c stripeSecretName=<secret with secret_key and webhook_secret> to take card payments with Stripe (docs/deploy.md)',
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
  const amountDue = invoice.total_amount_minor - (invoice.amount_paid_minor ?? 0);
  if (amountDue <= 0) throw invalidState('Nothing is due on this invoice');
  const base = {
    id: newCheckoutId(),
    organization_id: organizationId,
    invoice_id: invoice.id,
    public_token: invoice.public_token,
    amount_minor: amountDue,
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
  await deps.db.client.send(
    new PutCommand({
      TableName: deps.db.table,
      Item: {
        ...checkoutKey(checkout.id),
        type: 'checkout',
        ...checkout,
        ttl: Math.floor(Date.parse(checkout.expires_at) / 1000) + 7 * 86_400,
      },
    }),
  );
  return checkout;
}

export async function getCheckout(db: Db, checkoutId: string): Promise<Checkout | undefined> {
  if (!checkoutId.startsWith('chk_') || !CAPABILITY_TOKEN.test(checkoutId.slice(4))) return undefined;
  const { Item } = await db.client.send(new GetCommand({ TableName: db.table, Key: checkoutKey(checkoutId) }));
  return Item as Checkout | undefined;
}

export type CompletionOutcome = 'paid' | 'already_paid' | 'failed' | 'expired' | 'refused';

/**
 * Completes a checkout with the provider's verdict. A payment is recorded once per checkout (the
 * checkout id is the provider event id), so a double submit or a replayed completion pays once.
 */
export async function completeCheckout(
  db: Db,
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
      db,
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
      publicBaseUrl,
      now,
    );
  } catch (error) {
    if (error instanceof PaymentAlreadyRecorded) return 'already_paid';
    if (error instanceof ApiError) return 'refused';
    throw error;
  }
  await setCheckoutStatus(db, checkout.id, 'paid');
  return 'paid';
}

async function setCheckoutStatus(db: Db, checkoutId: string, status: Checkout['status']) {
  await db.client.send(
    new UpdateCommand({
      TableName: db.table,
      Key: checkoutKey(checkoutId),
      UpdateExpression: 'SET #status = :status',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':status': status },
    }),
  );
}
