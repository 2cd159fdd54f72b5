import { sesSender } from '#shared/aws/ses';
import { config } from '#shared/config';
import { configuredRenderer } from '#shared/documents/renderer';
import { invitationResource } from '#shared/domain/resources/member';
import { endpoint } from '#shared/http/endpoint';
import { createInvitationBody } from '#shared/http/schemas/members';
import { actorOf } from '#shared/http/actor';
import { inviteMember } from '#shared/members/invite-member';
import { route } from '#functions/create-invitation/route';

const { EMAIL_FROM, EMAIL_CONFIGURATION_SET, PUBLIC_BASE_URL, INVITATION_URL } = config();
const mail = {
  ses: sesSender(),
  renderer: configuredRenderer(),
  from: EMAIL_FROM,
  configurationSet: EMAIL_CONFIGURATION_SET,
  invitationUrl: INVITATION_URL ?? `${PUBLIC_BASE_URL}/api/v1/invitations/{token}/accept/`,
};

export const handler = endpoint(
  route,
  { body: createInvitationBody },
  async ({ db, organizationId, principal, body, log }) => {
    const invitation = await inviteMember({ ...mail, db, log }, organizationId, actorOf(principal), body);
    return { status: 201, body: invitationResource(invitation) };
  },
);
