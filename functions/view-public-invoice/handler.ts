// The page behind public_url: found by its unguessable token, readable without an account.
import { config } from '#shared/config';
import { findPublicInvoice } from '#shared/data/public-invoices';
import { OPEN_STATUSES } from '#shared/domain/invoice-lifecycle';
import { renderInvoicePage } from '#shared/documents/invoice-page';
import { notFoundPage } from '#shared/documents/not-found-page';
import { publicEndpoint } from '#shared/http/endpoint';
import { htmlPage } from '#shared/http/html';
import { publicPageQuery, tokenParams } from '#shared/http/schemas/public';
import { invoiceDocumentOf } from '#shared/documents/invoice-view';
import { creditNoteResource } from '#shared/domain/resources/credit-note';
import { creditNotesOfInvoice } from '#shared/data/credit-notes';
import { FORMAT_NAMES } from '#shared/domain/e-invoice-format';
import { route } from '#functions/view-public-invoice/route';

const { PUBLIC_BASE_URL, PAYMENT_PROVIDER } = config();

export const handler = publicEndpoint(
  route,
  { params: tokenParams, query: publicPageQuery },
  async ({ db, params, query }) => {
    const found = await findPublicInvoice(db, params.token);
    if (!found) return htmlPage(404, notFoundPage());
    const document = invoiceDocumentOf(found.invoice, PUBLIC_BASE_URL, found.logo);
    const { invoice } = document;
    const payable =
      PAYMENT_PROVIDER !== 'none' && OPEN_STATUSES.includes(found.invoice.status) && invoice.amount_due !== '0.00';
    const creditNotes = (await creditNotesOfInvoice(db, found.organizationId, found.invoice)).map((note) => {
      const shown = creditNoteResource(note, PUBLIC_BASE_URL);
      return {
        number: shown.credit_note_number,
        issue_date: shown.issue_date,
        total: shown.total_amount,
        url: shown.public_url,
      };
    });
    return htmlPage(
      200,
      renderInvoicePage({
        ...document,
        payAction: payable ? 'pay/' : undefined,
        notice: query.payment,
        creditNotes,
        ...(found.organization.e_invoice_format ? { eInvoice: FORMAT_NAMES[found.organization.e_invoice_format] } : {}),
      }),
    );
  },
);
