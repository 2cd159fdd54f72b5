// The organization accepts a received e-invoice: received → accepted.
import { config } from '#shared/config';
import { incomingInvoiceResource } from '#shared/domain/resources/incoming-invoice';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { decisionBody } from '#shared/http/schemas/incoming-invoices';
import { decideIncomingInvoice } from '#shared/inbox/decide-incoming-invoice';
import { route } from '#functions/accept-incoming-invoice/route';

const { PUBLIC_BASE_URL } = config();

export const handler = endpoint(
  route,
  { params: idParams('inc'), body: decisionBody },
  async ({ db, organizationId, params, body }) => {
    const decision = { kind: 'accept' as const, ...(body?.reason ? { reason: body.reason } : {}) };
    const invoice = await decideIncomingInvoice(
      { db, publicBaseUrl: PUBLIC_BASE_URL },
      organizationId,
      params.id,
      decision,
    );
    return { status: 200, body: incomingInvoiceResource(invoice, invoice.read ?? null, PUBLIC_BASE_URL) };
  },
);
