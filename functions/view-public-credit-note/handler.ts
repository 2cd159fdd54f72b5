// The page behind a credit note's public_url: found by its unguessable token.
import { config } from '#shared/config';
import { findPublicCreditNote } from '#shared/data/public-invoices';
import { renderCreditNotePage } from '#shared/documents/invoice-page';
import { notFoundPage } from '#shared/documents/not-found-page';
import { publicEndpoint } from '#shared/http/endpoint';
import { htmlPage } from '#shared/http/html';
import { tokenParams } from '#shared/http/schemas/public';
import { creditNoteResource } from '#shared/domain/resources/credit-note';
import { FORMAT_NAMES } from '#shared/domain/e-invoice-format';
import { route } from '#functions/view-public-credit-note/route';

const { PUBLIC_BASE_URL } = config();

export const handler = publicEndpoint(route, { params: tokenParams }, async ({ db, params }) => {
  const found = await findPublicCreditNote(db, params.token);
  if (!found) return htmlPage(404, notFoundPage());
  const creditNote = creditNoteResource(found.creditNote, PUBLIC_BASE_URL);
  const format = found.organization.e_invoice_format;
  return htmlPage(
    200,
    renderCreditNotePage({ creditNote, logo: found.logo, ...(format ? { eInvoice: FORMAT_NAMES[format] } : {}) }),
  );
});
