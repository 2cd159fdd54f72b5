// The invoice as an EN 16931 e-invoice, once it is issued and has what the standard requires.
import { config } from '#shared/config';
import { createDb } from '#shared/data/client';
import { getInvoice } from '#shared/data/invoices';
import { assertEInvoiceReady } from '#shared/domain/e-invoice';
import { invalidState, notFound } from '#shared/domain/errors';
import { taxBreakdownOf } from '#shared/domain/invoice';
import { ublInvoice } from '#shared/documents/ubl';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { eInvoiceQuery } from '#shared/http/schemas/e-invoices';
import { routeNamed } from '#functions/routes';

const db = createDb(config().TABLE_NAME);

export const handler = endpoint(
  routeNamed('get-invoice-e-invoice'),
  { db, params: idParams('inv'), query: eInvoiceQuery },
  async ({ organizationId, params }) => {
    const invoice = await getInvoice(db, organizationId, params.id);
    if (!invoice) throw notFound('Invoice');
    if (invoice.status === 'draft') throw invalidState('A draft is not an invoice yet: send it first');
    assertEInvoiceReady({ seller: invoice.seller, buyer: invoice.buyer, rows: taxBreakdownOf(invoice) });
    return {
      status: 200,
      raw: { content: ublInvoice(invoice), contentType: 'application/xml; charset=utf-8' },
      headers: { 'content-disposition': `attachment; filename="${invoice.invoice_number}.xml"` },
    };
  },
);
