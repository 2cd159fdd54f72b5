// A payment received outside the service (bank transfer, cash…), recorded by hand.
import { config } from '#shared/config';
import { createDb } from '#shared/data/table';
import { recordPayment } from '#shared/data/invoice-lifecycle';
import { toMinor } from '#shared/domain/decimal';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { recordPaymentBody } from '#shared/http/schemas/payments';
import { invoiceResource } from '#shared/domain/resources/invoice';
import { paymentResource } from '#shared/domain/resources/payment';
import { recordedPaymentResponse } from '#shared/http/schemas/responses/invoices';
import { routeNamed } from '#functions/routes';

const { TABLE_NAME, PUBLIC_BASE_URL } = config();
const db = createDb(TABLE_NAME);

export const handler = endpoint(
  routeNamed('record-payment'),
  { db, params: idParams('inv'), body: recordPaymentBody, response: recordedPaymentResponse },
  async ({ db, organizationId, params, body }) => {
    const { invoice, payment } = await recordPayment(
      db,
      organizationId,
      params.id,
      {
        amount_minor: Number(toMinor(body.amount)),
        currency: body.currency,
        paid_at: body.paid_at ?? new Date().toISOString(),
        method: body.method,
        reference: body.reference,
        provider: 'manual',
      },
      PUBLIC_BASE_URL,
    );
    return { status: 201, body: { ...paymentResource(payment), invoice: invoiceResource(invoice, PUBLIC_BASE_URL) } };
  },
);
