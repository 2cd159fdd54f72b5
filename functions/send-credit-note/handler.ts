import { sesClient } from '#shared/aws/ses';
import { config } from '#shared/config';
import { configuredRenderer } from '#shared/documents/renderer';
import { sendCreditNote } from '#shared/invoicing/send-credit-note';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { sendBody } from '#shared/http/schemas/sending';
import { createMetrics } from '#shared/observability/metrics';
import { sentResponse } from '#shared/http/schemas/responses/sending';
import { routeNamed } from '#functions/routes';

const { PUBLIC_BASE_URL, EMAIL_FROM } = config();
const mail = { ses: sesClient(), renderer: configuredRenderer(), metrics: createMetrics(), from: EMAIL_FROM };

export const handler = endpoint(
  routeNamed('send-credit-note'),
  { params: idParams('cn'), body: sendBody, response: sentResponse },
  async ({ db, organizationId, params, body, log }) => {
    const deps = { ...mail, db, log, publicBaseUrl: PUBLIC_BASE_URL };
    const sending = sendCreditNote(deps, organizationId, params.id, body.email);
    const creditNote = await sending.finally(() => mail.metrics.publishStoredMetrics());
    const { to, sent_at: sentAt } = creditNote.sendings!.at(-1)!;
    const message = `Credit note ${creditNote.credit_note_number} sent to ${to}`;
    return { status: 200, body: { message, sent_to: to, sent_at: sentAt } };
  },
);
