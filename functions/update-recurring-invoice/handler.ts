import { endpoint } from '#shared/http/endpoint';
import { lineInput } from '#shared/http/schemas/invoices';
import { recurringLines } from '#shared/domain/recurring-invoice';
import { idParams } from '#shared/http/schemas/common';
import { updateRecurringBody } from '#shared/http/schemas/recurring';
import { changeRecurring } from '#shared/recurring/changes';
import { recurringInvoiceResource } from '#shared/domain/resources/recurring-invoice';
import { recurringInvoiceResponse } from '#shared/http/schemas/responses/recurring';
import { routeNamed } from '#functions/routes';

export const handler = endpoint(
  routeNamed('update-recurring-invoice'),
  { params: idParams('rec'), body: updateRecurringBody, response: recurringInvoiceResponse },
  async ({ db, organizationId, params, body }) => {
    const { line_items: lines, end_date: endDate, max_count: maxCount, send_to: sendTo, ...rest } = body;
    const { buyer_reference: buyerReference, purchase_order: purchaseOrder, ...others } = rest;
    const template = await changeRecurring(db, organizationId, params.id, (current) => ({
      ...current,
      ...others,
      ...(lines
        ? {
            line_items: recurringLines(lines.map(lineInput)),
          }
        : {}),
      ...(endDate !== undefined ? { end_date: endDate ?? undefined } : {}),
      ...(maxCount !== undefined ? { max_count: maxCount ?? undefined } : {}),
      ...(sendTo !== undefined ? { send_to: sendTo ?? undefined } : {}),
      ...(buyerReference !== undefined ? { buyer_reference: buyerReference ?? undefined } : {}),
      ...(purchaseOrder !== undefined ? { purchase_order: purchaseOrder ?? undefined } : {}),
    }));
    return { status: 200, body: recurringInvoiceResource(template) };
  },
);
