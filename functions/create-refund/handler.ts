// Money paid back on a credit note: recorded by hand once it has left, or issued through the
// provider the payment came in by (refund_via stripe or sandbox).
import { config } from '#shared/config';
import { toMinor } from '#shared/domain/decimal';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { createRefundBody } from '#shared/http/schemas/credit-notes';
import { refundProvider } from '#shared/payments/provider';
import { issueRefund } from '#shared/payments/refunds';
import { refundResource } from '#shared/domain/resources/refund';
import { route } from '#functions/create-refund/route';

const settings = config();
const deps = { provider: refundProvider(settings), publicBaseUrl: settings.PUBLIC_BASE_URL };

export const handler = endpoint(
  route,
  { params: idParams('cn'), body: createRefundBody },
  async ({ db, organizationId, params, body }) => {
    const refund = await issueRefund({ ...deps, db }, organizationId, params.id, {
      via: body.refund_via,
      amount_minor: Number(toMinor(body.amount)),
      currency: body.currency,
      method: body.method,
      reference: body.reference,
      refunded_at: body.refunded_at ?? new Date().toISOString(),
    });
    return { status: 201, body: refundResource(refund) };
  },
);
