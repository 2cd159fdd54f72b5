// The access point's word that it received a document (phoss-ap's HTTP forwarding, async mode). Only
// the SBDH instance id is read from the request: the document is fetched back from the access point
// by the gateway, with the deployment's key, and kept for the Peppol receiver (docs/peppol.md
// "Receiving"), so a forged or replayed call stores nothing the access point did not receive.
import { notFound, validationError } from '#shared/domain/errors';
import { publicEndpoint } from '#shared/http/endpoint';
import { header } from '#shared/http/request';
import { forwardedDocument, statusRouteParams } from '#shared/http/schemas/peppol';
import { configuredPeppolGateway } from '#shared/peppol/gateway';
import { route } from '#functions/peppol-inbound/route';

const peppol = configuredPeppolGateway();
/** phoss-ap's instance ids are UUIDs; anything beyond this shape is no id of one. */
const INSTANCE_ID = /^[A-Za-z0-9._:-]{1,200}$/;

export const handler = publicEndpoint(
  route,
  { params: statusRouteParams, file: forwardedDocument },
  async ({ params, headers }) => {
    const messageId = header(headers, 'x-sbdh-instance-id');
    if (!messageId || !INSTANCE_ID.test(messageId))
      throw validationError({ 'X-SBDH-Instance-ID': 'must be the SBDH instance id of the received document' });
    const kept = await peppol.arrival(params.adapter, messageId);
    if (!kept) throw notFound(`Received document ${messageId} at ${params.adapter}`);
    return { status: 200, body: { message_id: kept.message_id, kept: true } };
  },
);
