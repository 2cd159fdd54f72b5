// Void keeps the invoice and its number (numbering stays gapless); only unpaid invoices can be voided.
import { config } from '#shared/config';
import { createDb } from '#shared/data/table';
import { voidStoredInvoice } from '#shared/data/invoice-lifecycle';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { invoiceResource } from '#shared/domain/resources/invoice';
import { invoiceResponse } from '#shared/http/schemas/responses/invoices';
import { routeNamed } from '#functions/routes';

const { TABLE_NAME, PUBLIC_BASE_URL } = config();
const db = createDb(TABLE_NAME);

export const handler = endpoint(
  routeNamed('void-invoice'),
  { db, params: idParams('inv'), response: invoiceResponse },
  async ({ db, organizationId, params }) => {
    const invoice = await voidStoredInvoice(db, organizationId, params.id, PUBLIC_BASE_URL);
    return { status: 200, body: invoiceResource(invoice, PUBLIC_BASE_URL) };
  },
);
