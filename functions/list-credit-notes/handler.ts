import { config } from '#shared/config';
import { listCreditNotes } from '#shared/data/credit-notes';
import { endpoint } from '#shared/http/endpoint';
import { cursorSecret, listing } from '#shared/http/pagination';
import { listCreditNotesQuery } from '#shared/http/schemas/document-lists';
import { creditNoteResource } from '#shared/domain/resources/credit-note';
import { route } from '#functions/list-credit-notes/route';

const settings = config();
const cursorKey = cursorSecret(settings);
const { PUBLIC_BASE_URL } = settings;

export const handler = endpoint(
  route,
  { query: listCreditNotesQuery },
  async ({ db, organizationId, query, baseUrl }) => {
    const { limit, cursor, ...filters } = query;
    const scope = `${organizationId}|credit-notes|${JSON.stringify(filters)}`;
    const link = { scope, baseUrl, path: '/api/v1/credit-notes/', query: { limit: String(limit), ...filters } };
    const list = listing(await cursorKey(), link, cursor);
    const filter = {
      invoiceId: filters.invoice,
      clientId: filters.client,
      issueDateFrom: filters.issue_date_from,
      issueDateTo: filters.issue_date_to,
      metadata: filters.metadata,
    };
    const page = await listCreditNotes(db, organizationId, filter, { limit, startKey: list.startKey });
    return { status: 200, body: list.page(page, (note) => creditNoteResource(note, PUBLIC_BASE_URL)) };
  },
);
