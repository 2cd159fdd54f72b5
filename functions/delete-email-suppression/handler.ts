// Lifts a suppression: the address may be mailed again (a later hard bounce or complaint suppresses it anew).
import { deleteSuppression, getSuppression } from '#shared/data/email-suppressions';
import { suppressionResource } from '#shared/domain/resources/email';
import { notFound } from '#shared/domain/errors';
import { endpoint } from '#shared/http/endpoint';
import { addressParams } from '#shared/http/schemas/sending';
import { route } from '#functions/delete-email-suppression/route';

export const handler = endpoint(route, { params: addressParams }, async ({ db, organizationId, params }) => {
  const suppression = await getSuppression(db, organizationId, params.address);
  const event = suppression && {
    type: 'email_suppression.deleted' as const,
    object: suppressionResource(suppression),
  };
  if (!event || !(await deleteSuppression(db, organizationId, params.address, event)))
    throw notFound('Suppressed address');
  return { status: 204 };
});
