// The reminders an invoice was sent, oldest first: schedule steps and those sent by hand.
import { config } from '#shared/config';
import { getInvoice } from '#shared/data/invoices';
import { notFound } from '#shared/domain/errors';
import { pageOfHeld } from '#shared/domain/pages';
import { reminderResource } from '#shared/domain/resources/invoice';
import { endpoint } from '#shared/http/endpoint';
import { cursorSecret, listing } from '#shared/http/pagination';
import { idParams, pageQuery } from '#shared/http/schemas/common';
import { route } from '#functions/list-reminders/route';

const cursorKey = cursorSecret(config());
/** Reminders are only ever appended, so their place in the invoice's list is their key. */
const placeOf = (_reminder: unknown, index: number) => String(index).padStart(6, '0');

export const handler = endpoint(
  route,
  { params: idParams('inv'), query: pageQuery },
  async ({ db, organizationId, params, query, baseUrl }) => {
    const path = `/api/v1/invoices/${params.id}/reminders/`;
    const link = { scope: `${organizationId}|reminders|${params.id}`, baseUrl, path };
    const list = listing(await cursorKey(), { ...link, query: { limit: String(query.limit) } }, query.cursor);
    const invoice = await getInvoice(db, organizationId, params.id);
    if (!invoice) throw notFound('Invoice');
    const page = pageOfHeld(invoice.reminders ?? [], placeOf, { limit: query.limit, startKey: list.startKey });
    return { status: 200, body: list.page(page, reminderResource) };
  },
);
