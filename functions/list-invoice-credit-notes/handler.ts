import { config } from '#shared/config';
import { createDb } from '#shared/data/table';
import { creditNotesOfInvoice } from '#shared/data/credit-notes';
import { getInvoice } from '#shared/data/invoices';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/domain/errors';
import { idParams } from '#shared/http/schemas/common';
import { creditNoteResource } from '#shared/domain/resources/credit-note';
import { creditNoteList } from '#shared/http/schemas/responses/credit-notes';
import { routeNamed } from '#functions/routes';

const { TABLE_NAME, PUBLIC_BASE_URL } = config();
const db = createDb(TABLE_NAME);

export const handler = endpoint(
  routeNamed('list-invoice-credit-notes'),
  { db, params: idParams('inv'), response: creditNoteList },
  async ({ organizationId, params }) => {
    const invoice = await getInvoice(db, organizationId, params.id);
    if (!invoice) throw notFound('Invoice');
    const creditNotes = await creditNotesOfInvoice(db, organizationId, invoice);
    return {
      status: 200,
      body: { results: creditNotes.map((note) => creditNoteResource(note, PUBLIC_BASE_URL)), next: null },
    };
  },
);
