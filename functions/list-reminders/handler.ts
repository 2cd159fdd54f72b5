// The reminders an invoice was sent, oldest first: schedule steps and those sent by hand.
import { getInvoice } from '#shared/data/invoices';
import { notFound } from '#shared/domain/errors';
import { reminderResource } from '#shared/domain/resources/invoice';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { route } from '#functions/list-reminders/route';

export const handler = endpoint(route, { params: idParams('inv') }, async ({ db, organizationId, params }) => {
  const invoice = await getInvoice(db, organizationId, params.id);
  if (!invoice) throw notFound('Invoice');
  return { status: 200, body: { results: (invoice.reminders ?? []).map(reminderResource), next: null } };
});
