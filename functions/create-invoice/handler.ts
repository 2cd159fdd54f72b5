import { config } from '#shared/config';
import { createDb } from '#shared/data/table';
import { createInvoice } from '#shared/data/invoices';
import { endpoint } from '#shared/http/endpoint';
import { createInvoiceBody, newInvoiceContent } from '#shared/http/schemas/invoices';
import { invoiceResource } from '#shared/domain/resources/invoice';
import { invoiceResponse } from '#shared/http/schemas/responses/invoices';
import { routeNamed } from '#functions/routes';

const { TABLE_NAME, PUBLIC_BASE_URL } = config();
const db = createDb(TABLE_NAME);

export const handler = endpoint(
  routeNamed('create-invoice'),
  { db, body: createInvoiceBody, response: invoiceResponse },
  async ({ db, organizationId, body }) => {
    const invoice = await createInvoice(db, organizationId, newInvoiceContent(body), PUBLIC_BASE_URL);
    return { status: 201, body: invoiceResource(invoice, PUBLIC_BASE_URL) };
  },
);
