// The credit note as an EN 16931 e-invoice (type 381) referring to the invoice it corrects.
import { config } from '#shared/config';
import { createDb } from '#shared/data/client';
import { getCreditNote } from '#shared/data/credit-notes';
import { assertEInvoiceReady } from '#shared/domain/e-invoice';
import { notFound } from '#shared/domain/errors';
import { ublCreditNote } from '#shared/documents/ubl';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { eInvoiceQuery } from '#shared/http/schemas/e-invoices';
import { routeNamed } from '#functions/routes';

const db = createDb(config().TABLE_NAME);

export const handler = endpoint(
  routeNamed('get-credit-note-e-invoice'),
  { db, params: idParams('cn'), query: eInvoiceQuery },
  async ({ organizationId, params }) => {
    const creditNote = await getCreditNote(db, organizationId, params.id);
    if (!creditNote) throw notFound('Credit note');
    assertEInvoiceReady({ seller: creditNote.seller, buyer: creditNote.buyer, rows: creditNote.tax_breakdown });
    return {
      status: 200,
      raw: { content: ublCreditNote(creditNote), contentType: 'application/xml; charset=utf-8' },
      headers: { 'content-disposition': `attachment; filename="${creditNote.credit_note_number}.xml"` },
    };
  },
);
