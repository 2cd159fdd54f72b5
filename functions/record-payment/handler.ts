// A payment received outside the service (bank transfer, cash…), recorded by hand.
import { config } from '#shared/config';
import { recordPayment } from '#shared/invoicing/record-payment';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { manualPaymentOf, recordPaymentBody } from '#shared/http/schemas/payments';
import { invoiceResource } from '#shared/domain/resources/invoice';
import { paymentResource } from '#shared/domain/resources/payment';
import { route } from '#functions/record-payment/route';

const { PUBLIC_BASE_URL: publicBaseUrl } = config();

export const handler = endpoint(
  route,
  { params: idParams('inv'), body: recordPaymentBody },
  async ({ db, organizationId, params, body }) => {
    const { invoice, payment } = await recordPayment(
      { db, publicBaseUrl },
      organizationId,
      params.id,
      manualPaymentOf(body),
    );
    return { status: 201, body: { ...paymentResource(payment), invoice: invoiceResource(invoice, publicBaseUrl) } };
  },
);
