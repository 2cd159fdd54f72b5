import * as z from 'zod/mini';
import { E_INVOICE_FORMATS } from '#shared/domain/e-invoice-format';
import '#shared/zod-locale';

export const eInvoiceQuery = z.strictObject({
  format: z.enum(E_INVOICE_FORMATS, `must be one of ${E_INVOICE_FORMATS.join(', ')}`),
});
