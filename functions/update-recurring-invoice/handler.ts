import { updateRecurringInvoice } from '#shared/invoicing/update-recurring-invoice';
import { endpoint } from '#shared/http/endpoint';
import { lineInput } from '#shared/http/schemas/invoices';
import { idParams } from '#shared/http/schemas/common';
import { updateRecurringBody } from '#shared/http/schemas/recurring';
import { recurringInvoiceResource } from '#shared/domain/resources/recurring-invoice';
import { route } from '#functions/update-recurring-invoice/route';

export const handler = endpoint(
  route,
  { params: idParams('rec'), body: updateRecurringBody },
  async ({ db, organizationId, params, body }) => {
    const { line_items: lines, ...changes } = body;
    const template = await updateRecurringInvoice(db, organizationId, params.id, {
      ...changes,
      lines: lines?.map(lineInput),
    });
    return { status: 200, body: recurringInvoiceResource(template) };
  },
);
