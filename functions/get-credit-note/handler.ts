import { config } from '#shared/config';
import { getCreditNote } from '#shared/data/credit-notes';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/domain/errors';
import { idParams } from '#shared/http/schemas/common';
import { creditNoteResource } from '#shared/domain/resources/credit-note';
import { route } from '#functions/get-credit-note/route';

const { PUBLIC_BASE_URL } = config();

export const handler = endpoint(route, { params: idParams('cn') }, async ({ db, organizationId, params }) => {
  const creditNote = await getCreditNote(db, organizationId, params.id);
  if (!creditNote) throw notFound('Credit note');
  return { status: 200, body: creditNoteResource(creditNote, PUBLIC_BASE_URL) };
});
