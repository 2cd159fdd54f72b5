// The invoice as an EN 16931 e-invoice, once it is issued and has what the format requires.
import { config } from '#shared/config';
import { invoiceWithOrganization } from '#shared/data/invoices';
import { notFound } from '#shared/domain/errors';
import { configuredRenderer } from '#shared/documents/renderer';
import { logoText } from '#shared/documents/render-requests';
import { endpoint } from '#shared/http/endpoint';
import { fileReply } from '#shared/http/file-reply';
import { idParams } from '#shared/http/schemas/common';
import { eInvoiceQuery } from '#shared/http/schemas/e-invoices';
import { route } from '#functions/get-invoice-e-invoice/route';

const { PUBLIC_BASE_URL } = config();
const renderer = configuredRenderer();

export const handler = endpoint(
  route,
  { params: idParams('inv'), query: eInvoiceQuery },
  async ({ db, organizationId, params, query }) => {
    const found = await invoiceWithOrganization(db, organizationId, params.id);
    if (!found) throw notFound('Invoice');
    const file = await renderer.render({
      kind: 'invoice-e-invoice',
      format: query.format,
      invoice: found.invoice,
      logo: logoText(found.logo),
      publicBaseUrl: PUBLIC_BASE_URL,
    });
    return fileReply(file, 'attachment');
  },
);
