import { configuredMailing } from '#shared/email/mailing';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { sendBody } from '#shared/http/schemas/sending';
import { sendQuote } from '#shared/quotes/send-quote';
import { route } from '#functions/send-quote/route';

const mail = configuredMailing();

export const handler = endpoint(
  route,
  { params: idParams('quo'), body: sendBody },
  async ({ db, organizationId, params, body, log }) => {
    const sending = sendQuote({ ...mail, db, log }, organizationId, params.id, body.email, { force: body.force });
    const quote = await sending.finally(() => mail.metrics.publishStoredMetrics());
    const { to, sent_at: sentAt } = quote.sendings!.at(-1)!;
    return {
      status: 200,
      body: { message: `Quote ${quote.quote_number} sent to ${to}`, sent_to: to, sent_at: sentAt },
    };
  },
);
