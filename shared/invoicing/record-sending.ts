// Recording that an invoice went out (draft → sent, or a reminder) with its event.
import type { Invoice } from '#shared/domain/invoice';
import { isRefusal, refusalError, send } from '#shared/domain/invoice-lifecycle';
import { changed, changeInvoice } from '#shared/invoicing/change-invoice';
import type { InvoicingDeps } from '#shared/invoicing/deps';

/** The sending, with its event; a draft becomes the issued invoice with the parties it was sent with. */
export async function recordSending(
  deps: InvoicingDeps,
  organizationId: string,
  invoiceId: string,
  sending: { to: string; sent_at: string; message_id: string },
  issuedParties?: Pick<Invoice, 'seller' | 'buyer'>,
): Promise<Invoice> {
  const result = await changeInvoice(deps, organizationId, invoiceId, (current) => {
    const next = send(current.status);
    if (isRefusal(next)) throw refusalError(next);
    return {
      invoice: {
        ...current,
        ...(current.status === 'draft' && issuedParties ? issuedParties : {}),
        status: next.status,
        sent_at: current.sent_at ?? sending.sent_at,
        sendings: [...(current.sendings ?? []), { ...sending, reminder: next.reminder }],
      },
      events: [next.reminder ? 'invoice.reminder_sent' : 'invoice.sent'],
    };
  });
  return changed(result);
}
