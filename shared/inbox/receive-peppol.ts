// A document an access point received, from the incoming-peppol queue into the addressed
// organization's inbox: the bytes the gateway kept, out of their envelope, through the one operation
// every way in ends in, once by the access point's message id; then the access point is told it is
// taken in (phoss-ap reports C4's country for Peppol Reporting). An arrival for a participant no
// organization of the deployment receives as (or more than one) is not guessed at: it fails, and the
// queue keeps it in its dead-letter queue (docs/incoming-invoices.md "By Peppol").
import { organizationsReceivingAs } from '#shared/data/peppol-receivers';
import { getOrganization } from '#shared/data/organizations';
import type { Organization } from '#shared/domain/organization';
import { openedEnvelope } from '#shared/inbox/peppol-envelope';
import { type InboxDeps, type Received, receiveIncomingInvoice } from '#shared/inbox/receive-incoming-invoice';
import type { PeppolGateway } from '#shared/peppol/gateway';
import type { ArrivalMessage } from '#shared/peppol/keep-arrival';

export type PeppolReceiverDeps = InboxDeps & { peppol: Pick<PeppolGateway, 'acknowledge'> };

/** The one organization whose `peppol_id` is the participant: a claim whose organization has moved on counts for nothing. */
async function receivingOrganization(deps: InboxDeps, participant: string): Promise<Organization> {
  const claimed = await organizationsReceivingAs(deps.db, participant);
  const organizations = await Promise.all(claimed.map((id) => getOrganization(deps.db, id)));
  const receiving = organizations.filter(
    (organization): organization is Organization =>
      organization?.peppol_id?.toLowerCase() === participant.toLowerCase(),
  );
  if (receiving.length !== 1)
    throw new Error(
      receiving.length
        ? `${receiving.length} organizations receive as ${participant}: give the Peppol id to one`
        : `no organization receives as ${participant}`,
    );
  return receiving[0]!;
}

export async function receivePeppolArrival(
  deps: PeppolReceiverDeps,
  message: ArrivalMessage,
): Promise<Received & { organization_id: string }> {
  const bytes = await deps.store.get(message.key);
  if (!bytes) throw new Error(`the Peppol arrival ${message.message_id} is not at ${message.key}`);
  const opened = openedEnvelope(bytes);
  const receiver = message.receiver ?? opened.receiver;
  if (!receiver) throw new Error(`the Peppol arrival ${message.message_id} names no receiver`);
  const organization = await receivingOrganization(deps, receiver);
  const received = await receiveIncomingInvoice(
    deps,
    organization.id,
    { bytes: opened.document, media_type: 'application/xml', file_name: null },
    { channel: 'peppol', message_id: message.message_id, sender: message.sender ?? opened.sender },
  );
  const country = organization.address?.country;
  if (country) await deps.peppol.acknowledge(message.message_id, country);
  return { ...received, organization_id: organization.id };
}
