import { config } from '#shared/config';
import { createDb } from '#shared/data/table';
import { updateDraftInvoice } from '#shared/data/invoices';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { changedInvoiceContent, updateInvoiceBody } from '#shared/http/schemas/invoices';
import { invoiceResource } from '#shared/domain/resources/invoice';
import { invoiceResponse } from '#shared/http/schemas/responses/invoices';
import { routeNamed } from '#functions/routes';

const { TABLE_NAME, PUBLIC_BASE_URL } = config();
const db = createDb(TABLE_NAME);

export const handler = endpoint(
  routeNamed('update-invoice'),
  { db, params: idParams('inv'), body: updateInvoiceBody, response: invoiceResponse },
  async ({ db, organizationId, params, body }) => {
    const invoice = await updateDraftInvoice(
      db,
      organizationId,
      params.id,
      (current) => changedInvoiceContent(current, body),
      PUBLIC_BASE_URL,
      body.client,
    );
    return { status: 200, body: invoiceResource(invoice, PUBLIC_BASE_URL) };
  },
);
