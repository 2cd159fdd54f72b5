import { config } from '#shared/config';
import { creditNotesOfInvoicePage } from '#shared/data/credit-notes';
import { getInvoice } from '#shared/data/invoices';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/domain/errors';
import { cursorSecret, listing } from '#shared/http/pagination';
import { idParams, pageQuery } from '#shared/http/schemas/common';
import { creditNoteResource } from '#shared/domain/resources/credit-note';
import { route } from '#functions/list-invoice-credit-notes/route';

const settings = config();
const { PUBLIC_BASE_URL } = settings;
const cursorKey = cursorSecret(settings);

export const handler = endpoint(
  route,
  { params: idParams('inv'), query: pageQuery },
  async ({ db, organizationId, params, query, baseUrl }) => {
    const path = `/api/v1/invoices/${params.id}/credit-notes/`;
    const link = { scope: `${organizationId}|invoice-credit-notes|${params.id}`, baseUrl, path };
    const list = listing(await cursorKey(), { ...link, query: { limit: String(query.limit) } }, query.cursor);
    const invoice = await getInvoice(db, organizationId, params.id);
    if (!invoice) throw notFound('Invoice');
    const page = await creditNotesOfInvoicePage(db, organizationId, invoice, {
      limit: query.limit,
      startKey: list.startKey,
    });
    return { status: 200, body: list.page(page, (note) => creditNoteResource(note, PUBLIC_BASE_URL)) };
  },
);
