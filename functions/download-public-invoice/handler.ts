// The PDF behind pdf_url: the same figures as the API, found by the invoice's public token.
import { config } from '#shared/config';
import { createDb } from '#shared/data/client';
import { findPublicInvoice } from '#shared/data/public-invoices';
import { notFoundPage } from '#shared/documents/invoice-page';
import { publicEndpoint } from '#shared/http/endpoint';
import { htmlPage } from '#shared/http/html';
import { tokenParams } from '#shared/http/schemas/public';
import { invoiceResource } from '#shared/domain/resources/invoice';
import { routeNamed } from '#functions/routes';

const { TABLE_NAME, PUBLIC_BASE_URL } = config();
const db = createDb(TABLE_NAME);

export const handler = publicEndpoint(
  routeNamed('download-public-invoice'),
  { params: tokenParams },
  async ({ params }) => {
    const found = await findPublicInvoice(db, params.token);
    if (!found) return htmlPage(404, notFoundPage());
    const invoice = invoiceResource(found.invoice, PUBLIC_BASE_URL);
    const { renderInvoicePdf } = await import('#shared/documents/invoice-pdf');
    return {
      status: 200,
      raw: {
        content: await renderInvoicePdf({ invoice, logo: found.logo }),
        contentType: 'application/pdf',
      },
      headers: {
        'content-disposition': `inline; filename="${invoice.invoice_number}.pdf"`,
        'cache-control': 'no-store',
      },
    };
  },
);
