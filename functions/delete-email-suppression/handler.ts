// Lifts a suppression: the address may be mailed again (a later hard bounce or complaint suppresses it anew).
import { deleteSuppression } from '#shared/data/email-suppressions';
import { notFound } from '#shared/domain/errors';
import { endpoint } from '#shared/http/endpoint';
import { addressParams } from '#shared/http/schemas/sending';
import { routeNamed } from '#functions/routes';

export const handler = endpoint(
  routeNamed('delete-email-suppression'),
  { params: addressParams },
  async ({ db, organizationId, params }) => {
    if (!(await deleteSuppression(db, organizationId, params.address))) throw notFound('Suppressed address');
    return { status: 204 };
  },
);
