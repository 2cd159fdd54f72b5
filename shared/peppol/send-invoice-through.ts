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
import { reachableBuyer, sendInvoiceByPeppol } from '#shared/peppol/send-invoice-by-peppol';
import type { PeppolGateway } from '#shared/peppol/gateway';

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
  const asked = request.channel ?? loaded.organization.delivery_channel ?? 'email';
  const channel = asked === 'auto' ? await autoChannel(deps, organizationId, loaded) : asked;
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

/** Peppol when the buyer (the client now, for a draft) is a participant receiving invoices; e-mail otherwise. */
async function autoChannel(
  deps: SendDeps & { peppol: PeppolGateway },
  organizationId: string,
  { invoice }: NonNullable<Awaited<ReturnType<typeof invoiceWithOrganization>>>,
): Promise<'email' | 'peppol'> {
  const peppolId =
    invoice.status === 'draft'
      ? (await getClient(deps.db, organizationId, invoice.client_id))?.peppol_id
      : invoice.buyer?.peppol_id;
  if (!peppolId || !deps.peppol.configured) return 'email';
  try {
    await reachableBuyer(deps, organizationId, peppolId, 'invoice');
    return 'peppol';
  } catch (error) {
    if ((error as { code?: string }).code === 'peppol_unreachable') return 'email';
    throw error;
  }
}
