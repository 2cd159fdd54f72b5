// A credit note against an issued invoice: lines of it, or one amount, with its own number.
import { config } from '#shared/config';
import { createDb } from '#shared/data/table';
import { createCreditNote } from '#shared/data/credit-notes';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { createCreditNoteBody, creditRequestOf } from '#shared/http/schemas/credit-notes';
import { creditNoteResource } from '#shared/domain/resources/credit-note';
import { creditNoteResponse } from '#shared/http/schemas/responses/credit-notes';
import { routeNamed } from '#functions/routes';

const { TABLE_NAME, PUBLIC_BASE_URL } = config();
const db = createDb(TABLE_NAME);

export const handler = endpoint(
  routeNamed('create-credit-note'),
  { db, params: idParams('inv'), body: createCreditNoteBody, response: creditNoteResponse },
  async ({ db, organizationId, params, body }) => {
    const { creditNote } = await createCreditNote(
      db,
      organizationId,
      params.id,
      { request: creditRequestOf(body), reason: body.reason, memo: body.memo, currency: body.currency },
      PUBLIC_BASE_URL,
    );
    return { status: 201, body: creditNoteResource(creditNote, PUBLIC_BASE_URL) };
  },
);
