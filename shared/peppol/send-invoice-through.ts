// POST /invoices/{id}/send/ by the channel asked for, or the organization's `delivery_channel`:
// e-mail as ever, Peppol (shared/peppol/send-invoice-by-peppol.ts), or `auto`: Peppol where the buyer
// receives invoices there, else e-mail. The invoice is read once for whichever way it goes.
import { getClient } from '#shared/data/clients';
import { invoiceWithOrganization } from '#shared/data/invoices';
import { notFound } from '#shared/domain/errors';
import type { RateLeg } from '#shared/domain/exchange-rate';
import type { DeliveryChannel } from '#shared/domain/peppol-sending';
import type { SendDeps } from '#shared/invoicing/mail-invoice';
import { sendInvoice } from '#shared/invoicing/send-invoice';
import type { PeppolGateway } from '#shared/peppol/gateway';
import { autoChannel } from '#shared/peppol/reachable-buyer';
import { sendInvoiceByPeppol } from '#shared/peppol/send-invoice-by-peppol';

export type SendRequest = {
  email?: string;
  force?: boolean;
  channel?: DeliveryChannel;
  resend?: boolean;
  exchange_rate?: RateLeg;
};

export async function sendInvoiceThrough(
  deps: SendDeps & { peppol: PeppolGateway },
  organizationId: string,
  invoiceId: string,
  request: SendRequest,
) {
  const loaded = await invoiceWithOrganization(deps.db, organizationId, invoiceId);
  if (!loaded) throw notFound('Invoice');
  const { invoice, organization } = loaded;
  const asked = request.channel ?? organization.delivery_channel ?? 'email';
  // The buyer of a draft is the client as it is now; of an issued invoice, the buyer it was issued to.
  const buyerPeppolId = async () =>
    invoice.status === 'draft'
      ? (await getClient(deps.db, organizationId, invoice.client_id))?.peppol_id
      : invoice.buyer?.peppol_id;
  const channel = asked === 'auto' ? await autoChannel(deps, organizationId, await buyerPeppolId(), 'invoice') : asked;
  if (channel === 'peppol') {
    const sent = await sendInvoiceByPeppol(deps, organizationId, invoiceId, {
      resend: request.resend,
      exchangeRate: request.exchange_rate,
      loaded,
    });
    return { channel, ...sent };
  }
  const sent = await sendInvoice(deps, organizationId, invoiceId, request.email, {
    force: request.force,
    exchangeRate: request.exchange_rate,
    loaded,
  });
  return { channel, ...sent };
}
