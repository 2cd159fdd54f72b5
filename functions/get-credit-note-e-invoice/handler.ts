// The credit note as an EN 16931 e-invoice (type 381) referring to the invoice it corrects.
import { config } from '#shared/config';
import { creditNoteWithOrganization } from '#shared/data/credit-notes';
import { notFound } from '#shared/domain/errors';
import { configuredRenderer } from '#shared/documents/renderer';
import { logoText } from '#shared/documents/render-requests';
import { endpoint } from '#shared/http/endpoint';
import { fileReply } from '#shared/http/file-reply';
import { idParams } from '#shared/http/schemas/common';
import { eInvoiceQuery } from '#shared/http/schemas/e-invoices';
import { route } from '#functions/get-credit-note-e-invoice/route';

const { PUBLIC_BASE_URL } = config();
const renderer = configuredRenderer();

export const handler = endpoint(
  route,
  { params: idParams('cn'), query: eInvoiceQuery },
  async ({ db, organizationId, params, query }) => {
    const found = await creditNoteWithOrganization(db, organizationId, params.id);
    if (!found) throw notFound('Credit note');
    const file = await renderer.render({
      kind: 'credit-note-e-invoice',
      format: query.format,
      creditNote: found.creditNote,
      logo: logoText(found.logo),
      publicBaseUrl: PUBLIC_BASE_URL,
    });
    return fileReply(file, 'attachment');
  },
);
