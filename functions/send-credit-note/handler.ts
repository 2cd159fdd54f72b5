import { configuredMailing } from '#shared/email/mailing';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { sendCreditNoteBody } from '#shared/http/schemas/sending';
import { configuredPeppolGateway } from '#shared/peppol/gateway';
import { sendCreditNoteThrough } from '#shared/peppol/send-credit-note-through';
import { route } from '#functions/send-credit-note/route';

const mail = configuredMailing();
const peppol = configuredPeppolGateway();

export const handler = endpoint(
  route,
  { params: idParams('cn'), body: sendCreditNoteBody },
  async ({ db, organizationId, params, body, log }) => {
    const sending = sendCreditNoteThrough({ ...mail, db, log, peppol }, organizationId, params.id, body);
    const sent = await sending.finally(() => mail.metrics.publishStoredMetrics());
    const number = sent.creditNote.credit_note_number;
    if (sent.channel === 'peppol') {
      const { sending: peppolSending, repeated } = sent;
      const message = `Credit note ${number} ${repeated ? 'was already queued' : 'queued'} for Peppol to ${peppolSending.to}`;
      const body = {
        message,
        channel: sent.channel,
        sent_to: peppolSending.to,
        sent_at: peppolSending.status_at,
        sending: peppolSending,
      };
      return { status: 200, body };
    }
    const message = `Credit note ${number} sent to ${sent.to}`;
    return {
      status: 200,
      body: { message, channel: sent.channel, sent_to: sent.to, sent_at: sent.sentAt, sending: null },
    };
  },
);
