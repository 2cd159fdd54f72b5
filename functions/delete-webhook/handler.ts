import { config } from '#shared/config';
import { createDb } from '#shared/data/table';
import { deleteWebhook } from '#shared/data/webhooks';
import { endpoint } from '#shared/http/endpoint';
import { notFound } from '#shared/domain/errors';
import { idParams } from '#shared/http/schemas/common';
import { routeNamed } from '#functions/routes';

const db = createDb(config().TABLE_NAME);

export const handler = endpoint(
  routeNamed('delete-webhook'),
  { db, params: idParams('whk') },
  async ({ organizationId, params }) => {
    if (!(await deleteWebhook(db, organizationId, params.id))) throw notFound('Webhook');
    return { status: 204 };
  },
);
