// The invoice as an EN 16931 e-invoice, once it is issued and has what the format requires.
import { invoiceWithOrganization } from '#shared/data/invoices';
import { notFound } from '#shared/domain/errors';
import { endpoint } from '#shared/http/endpoint';
import { fileReply } from '#shared/http/file-reply';
import { idParams } from '#shared/http/schemas/common';
import { eInvoiceQuery } from '#shared/http/schemas/e-invoices';
import { configuredDocumentFiles, documentFile } from '#shared/archive/document-file';
import { route } from '#functions/get-invoice-e-invoice/route';

const files = configuredDocumentFiles();

export const handler = endpoint(
  route,
  { params: idParams('inv'), query: eInvoiceQuery },
  async ({ db, organizationId, params, query }) => {
    const found = await invoiceWithOrganization(db, organizationId, params.id);
    if (!found) throw notFound('Invoice');
    const file = await documentFile({ ...files, db }, found, query.format);
    return fileReply(file, 'attachment');
  },
);
