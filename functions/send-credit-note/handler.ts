import { sesClient } from '#shared/aws/ses';
import { config } from '#shared/config';
import { createDb } from '#shared/data/table';
import { configuredRenderer } from '#shared/documents/renderer';
import { sendCreditNote } from '#shared/email/send-credit-note';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { sendBody } from '#shared/http/schemas/sending';
import { createMetrics } from '#shared/observability/metrics';
import { sentResponse } from '#shared/http/schemas/responses/sending';
import { routeNamed } from '#functions/routes';

const { TABLE_NAME, PUBLIC_BASE_URL, EMAIL_FROM } = config();
const db = createDb(TABLE_NAME);
const ses = sesClient();
const renderer = configuredRenderer();
const metrics = createMetrics();

export const handler = endpoint(
  routeNamed('send-credit-note'),
  { db, params: idParams('cn'), body: sendBody, response: sentResponse },
  async ({ db, organizationId, params, body, log }) => {
    const deps = { db, ses, renderer, from: EMAIL_FROM, publicBaseUrl: PUBLIC_BASE_URL, log, metrics };
    const creditNote = await sendCreditNote(deps, organizationId, params.id, body.email).finally(() =>
      metrics.publishStoredMetrics(),
    );
    const sending = creditNote.sendings!.at(-1)!;
    return {
      status: 200,
      body: {
        message: `Credit note ${creditNote.credit_note_number} sent to ${sending.to}`,
        sent_to: sending.to,
        sent_at: sending.sent_at,
      },
    };
  },
);
