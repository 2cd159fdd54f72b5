// A credit note against an issued invoice: lines of it, or one amount, with its own number.
import { archiveStore } from '#shared/aws/archive-store';
import { config } from '#shared/config';
import { configuredRenderer } from '#shared/documents/renderer';
import { createCreditNote } from '#shared/invoicing/create-credit-note';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { createCreditNoteBody, newCreditNoteOf } from '#shared/http/schemas/credit-notes';
import { creditNoteResource } from '#shared/domain/resources/credit-note';
import { route } from '#functions/create-credit-note/route';

const { PUBLIC_BASE_URL: publicBaseUrl } = config();
const renderer = configuredRenderer();
const archive = archiveStore();

export const handler = endpoint(
  route,
  { params: idParams('inv'), body: createCreditNoteBody },
  async ({ db, organizationId, params, body }) => {
    const { creditNote } = await createCreditNote(
      { db, publicBaseUrl, renderer, archive },
      organizationId,
      params.id,
      newCreditNoteOf(body),
    );
    return { status: 201, body: creditNoteResource(creditNote, publicBaseUrl) };
  },
);
