// The credit note as an EN 16931 e-invoice (type 381) referring to the invoice it corrects.
import { creditNoteWithOrganization } from '#shared/data/credit-notes';
import { notFound } from '#shared/domain/errors';
import { endpoint } from '#shared/http/endpoint';
import { fileReply } from '#shared/http/file-reply';
import { idParams } from '#shared/http/schemas/common';
import { eInvoiceQuery } from '#shared/http/schemas/e-invoices';
import { configuredDocumentFiles, documentFile } from '#shared/archive/document-file';
import { route } from '#functions/get-credit-note-e-invoice/route';

const files = configuredDocumentFiles();

export const handler = endpoint(
  route,
  { params: idParams('cn'), query: eInvoiceQuery },
  async ({ db, organizationId, params, query }) => {
    const found = await creditNoteWithOrganization(db, organizationId, params.id);
    if (!found) throw notFound('Credit note');
    const file = await documentFile({ ...files, db }, found, query.format);
    return fileReply(file, 'attachment');
  },
);
