// Whether a Peppol participant is registered on the network and for which documents, through the
// deployment's access point, kept a day per organization (docs/peppol.md "Lookup").
import { endpoint } from '#shared/http/endpoint';
import { participantParams } from '#shared/http/schemas/peppol';
import { configuredPeppolGateway } from '#shared/peppol/gateway';
import { lookUpParticipant } from '#shared/peppol/look-up-participant';
import { route } from '#functions/get-peppol-participant/route';

const peppol = configuredPeppolGateway();

export const handler = endpoint(route, { params: participantParams }, async ({ db, organizationId, params }) => ({
  status: 200,
  body: await lookUpParticipant({ db, peppol }, organizationId, params.participant_id),
}));
