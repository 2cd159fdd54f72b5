import { config } from '#shared/config';
import { creditNotesOfInvoice } from '#shared/data/credit-notes';
import { getInvoice } from '#shared/data/invoices';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/domain/errors';
import { idParams } from '#shared/http/schemas/common';
import { creditNoteResource } from '#shared/domain/resources/credit-note';
import { route } from '#functions/list-invoice-credit-notes/route';

const { PUBLIC_BASE_URL } = config();

export const handler = endpoint(route, { params: idParams('inv') }, async ({ db, organizationId, params }) => {
  const invoice = await getInvoice(db, organizationId, params.id);
  if (!invoice) throw notFound('Invoice');
  const creditNotes = await creditNotesOfInvoice(db, organizationId, invoice);
  return {
    status: 200,
    body: { results: creditNotes.map((note) => creditNoteResource(note, PUBLIC_BASE_URL)), next: null },
  };
});
