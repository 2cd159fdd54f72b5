import { config } from '#shared/config';
import { updateCreditNote } from '#shared/invoicing/update-credit-note';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { updateCreditNoteBody } from '#shared/http/schemas/credit-notes';
import { creditNoteResource } from '#shared/domain/resources/credit-note';
import { route } from '#functions/update-credit-note/route';

const { PUBLIC_BASE_URL } = config();

export const handler = endpoint(
  route,
  { params: idParams('cn'), body: updateCreditNoteBody },
  async ({ db, organizationId, params, body }) => {
    const creditNote = await updateCreditNote(db, PUBLIC_BASE_URL, organizationId, params.id, body);
    return { status: 200, body: creditNoteResource(creditNote, PUBLIC_BASE_URL) };
  },
);
