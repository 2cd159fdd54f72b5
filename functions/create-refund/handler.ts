// Money paid back on a credit note, recorded once it has left (bank transfer, cash…).
import { config } from '#shared/config';
import { createDb } from '#shared/data/client';
import { recordRefund } from '#shared/data/refunds';
import { toMinor } from '#shared/domain/decimal';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { createRefundBody } from '#shared/http/schemas/credit-notes';
import { refundResource } from '#shared/domain/resources/refund';
import { routeNamed } from '#functions/routes';

const { TABLE_NAME, PUBLIC_BASE_URL } = config();
const db = createDb(TABLE_NAME);

export const handler = endpoint(
  routeNamed('create-refund'),
  { db, params: idParams('cn'), body: createRefundBody },
  async ({ organizationId, params, body }) => {
    const { refund } = await recordRefund(
      db,
      organizationId,
      params.id,
      {
        amount_minor: Number(toMinor(body.amount)),
        currency: body.currency,
        method: body.method,
        reference: body.reference,
        refunded_at: body.refunded_at ?? new Date().toISOString(),
      },
      PUBLIC_BASE_URL,
    );
    return { status: 201, body: refundResource(refund) };
  },
);
