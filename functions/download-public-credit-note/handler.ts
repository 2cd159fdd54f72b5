// The PDF behind a credit note's pdf_url.
import { config } from '#shared/config';
import { createDb } from '#shared/data/client';
import { findPublicCreditNote } from '#shared/data/public-invoices';
import { notFoundPage } from '#shared/documents/invoice-page';
import { publicEndpoint } from '#shared/http/endpoint';
import { htmlPage } from '#shared/http/html';
import { tokenParams } from '#shared/http/schemas/public';
import { creditNoteResource } from '#shared/domain/resources/credit-note';
import { routeNamed } from '#functions/routes';

const { TABLE_NAME, PUBLIC_BASE_URL } = config();
const db = createDb(TABLE_NAME);

export const handler = publicEndpoint(
  routeNamed('download-public-credit-note'),
  { params: tokenParams },
  async ({ params }) => {
    const found = await findPublicCreditNote(db, params.token);
    if (!found) return htmlPage(404, notFoundPage());
    const creditNote = creditNoteResource(found.creditNote, PUBLIC_BASE_URL);
    const { renderCreditNotePdf } = await import('#shared/documents/invoice-pdf');
    return {
      status: 200,
      raw: { content: await renderCreditNotePdf({ creditNote, logo: found.logo }), contentType: 'application/pdf' },
      headers: {
        'content-disposition': `inline; filename="${creditNote.credit_note_number}.pdf"`,
        'cache-control': 'no-store',
      },
    };
  },
);
