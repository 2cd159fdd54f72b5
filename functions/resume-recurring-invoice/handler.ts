import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { setRecurringStatus } from '#shared/invoicing/set-recurring-status';
import { recurringInvoiceResource } from '#shared/domain/resources/recurring-invoice';
import { route } from '#functions/resume-recurring-invoice/route';

export const handler = endpoint(route, { params: idParams('rec') }, async ({ db, organizationId, params }) => ({
  status: 200,
  body: recurringInvoiceResource(await setRecurringStatus(db, organizationId, params.id, 'active')),
}));
