import { config } from '#shared/config';
import { createDb } from '#shared/data/table';
import { getInvoice } from '#shared/data/invoices';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/domain/errors';
import { idParams } from '#shared/http/schemas/common';
import { invoiceResource } from '#shared/domain/resources/invoice';
import { invoiceResponse } from '#shared/http/schemas/responses/invoices';
import { routeNamed } from '#functions/routes';

const { TABLE_NAME, PUBLIC_BASE_URL } = config();
const db = createDb(TABLE_NAME);

export const handler = endpoint(
  routeNamed('get-invoice'),
  { db, params: idParams('inv'), response: invoiceResponse },
  async ({ organizationId, params }) => {
    const invoice = await getInvoice(db, organizationId, params.id);
    if (!invoice) throw notFound('Invoice');
    return { status: 200, body: invoiceResource(invoice, PUBLIC_BASE_URL) };
  },
);
