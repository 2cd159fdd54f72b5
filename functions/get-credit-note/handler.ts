import { config } from '#shared/config';
import { createDb } from '#shared/data/table';
import { getCreditNote } from '#shared/data/credit-notes';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/domain/errors';
import { idParams } from '#shared/http/schemas/common';
import { creditNoteResource } from '#shared/domain/resources/credit-note';
import { creditNoteResponse } from '#shared/http/schemas/responses/credit-notes';
import { routeNamed } from '#functions/routes';

const { TABLE_NAME, PUBLIC_BASE_URL } = config();
const db = createDb(TABLE_NAME);

export const handler = endpoint(
  routeNamed('get-credit-note'),
  { db, params: idParams('cn'), response: creditNoteResponse },
  async ({ organizationId, params }) => {
    const creditNote = await getCreditNote(db, organizationId, params.id);
    if (!creditNote) throw notFound('Credit note');
    return { status: 200, body: creditNoteResource(creditNote, PUBLIC_BASE_URL) };
  },
);
