// Recording that an invoice went out (draft → sent, or a reminder) with its event; a reminder is
// also kept in the invoice's reminders, and the reminder schedule moves on in the same transaction.
import { recordParts } from '#shared/archive/keep-file';
import type { WritePart } from '#shared/data/table';
import type { ArchiveRecord } from '#shared/domain/archive';
import type { Invoice, SentReminder } from '#shared/domain/invoice';
import { isRefusal, refusalError, send } from '#shared/domain/invoice-lifecycle';
import { changed, changeInvoice } from '#shared/invoicing/change-invoice';
import type { InvoicingDeps } from '#shared/invoicing/deps';
import { referenceHolding } from '#shared/invoicing/issuing-reference';

export type SendingRecord = {
  /** The parties (and the exchange rate) as the first sending printed them: a draft becomes the issued invoice with these. */
  issuedParties?: Pick<Invoice, 'seller' | 'buyer' | 'accounting_currency' | 'exchange_rate' | 'payment_reference'>;
  /** A reminder: its entry in the invoice's reminders, and the schedule step it handles. */
  reminder?: Pick<SentReminder, 'step' | 'offset_days'> & { stepDate?: string };
  /** The reminder schedule's next look (or its end), written with the sending. */
  schedule?: WritePart;
  /** What the sending archived (the issued files, the e-mail): committed with it (docs/archive.md). */
  archived?: readonly ArchiveRecord[];
};

const issuedBy = (current: Invoice, archived: readonly ArchiveRecord[]) =>
  current.status === 'draft' ? archived : archived.filter((record) => record.reason !== 'issued');

export async function recordSending(
  deps: InvoicingDeps,
  organizationId: string,
  invoiceId: string,
  sending: { to: string; sent_at: string; message_id: string },
  { issuedParties, reminder, schedule, archived = [] }: SendingRecord = {},
): Promise<Invoice> {
  const result = await changeInvoice(deps, organizationId, invoiceId, (current) => {
    const next = send(current.status);
    if (isRefusal(next)) throw refusalError(next);
    const entry: SentReminder | undefined = reminder && {
      step: reminder.step,
      ...(reminder.offset_days === undefined ? {} : { offset_days: reminder.offset_days }),
      sent_at: sending.sent_at,
      to: sending.to,
      message_id: sending.message_id,
      delivery_status: 'sent',
    };
    return {
      invoice: {
        ...current,
        ...(current.status === 'draft' && issuedParties ? issuedParties : {}),
        status: next.status,
        sent_at: current.sent_at ?? sending.sent_at,
        sendings: [...(current.sendings ?? []), { ...sending, reminder: next.reminder }],
        ...(entry ? { reminders: [...(current.reminders ?? []), entry] } : {}),
        ...(reminder?.stepDate ? { reminded_through: reminder.stepDate } : {}),
      },
      events: [next.reminder ? 'invoice.reminder_sent' : 'invoice.sent'],
      // A sending that raced another's issuing became a reminder: the files issued are the other's.
      parts: {
        schedule,
        archive: recordParts(deps, organizationId, issuedBy(current, archived)),
        reference:
          current.status === 'draft' ? referenceHolding(deps.db, organizationId, invoiceId, issuedParties) : undefined,
      },
    };
  });
  return changed(result as Parameters<typeof changed>[0]);
}
