import { sendCreditNote } from '#shared/invoicing/send-credit-note';
import { configuredMailing } from '#shared/email/mailing';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { sendBody } from '#shared/http/schemas/sending';
import { route } from '#functions/send-credit-note/route';

const mail = configuredMailing();

export const handler = endpoint(
  route,
  { params: idParams('cn'), body: sendBody },
  async ({ db, organizationId, params, body, log }) => {
    const deps = { ...mail, db, log };
    const sending = sendCreditNote(deps, organizationId, params.id, body.email, { force: body.force });
    const creditNote = await sending.finally(() => mail.metrics.publishStoredMetrics());
    const { to, sent_at: sentAt } = creditNote.sendings!.at(-1)!;
    const message = `Credit note ${creditNote.credit_note_number} sent to ${to}`;
    return { status: 200, body: { message, sent_to: to, sent_at: sentAt } };
  },
);
