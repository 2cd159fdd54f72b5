import { deleteWebhook } from '#shared/data/webhooks';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/domain/errors';
import { idParams } from '#shared/http/schemas/common';
import { routeNamed } from '#functions/routes';

export const handler = endpoint(
  routeNamed('delete-webhook'),
  { params: idParams('whk') },
  async ({ db, organizationId, params }) => {
    if (!(await deleteWebhook(db, organizationId, params.id))) throw notFound('Webhook');
    return { status: 204 };
  },
);
