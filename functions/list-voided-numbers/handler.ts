import { voidedNumberList } from '#shared/http/schemas/responses/reports';
import { routeNamed } from '#functions/routes';
import { config } from '#shared/config';
import { createDb } from '#shared/data/table';
import { voidedNumbers } from '#shared/data/number-series';
import { voidedNumberResource } from '#shared/domain/resources/voided-number';
import { endpoint } from '#shared/http/endpoint';
import { seriesParams } from '#shared/http/schemas/numbering';

const db = createDb(config().TABLE_NAME);

export const handler = endpoint(
  routeNamed('list-voided-numbers'),
  { db, params: seriesParams, response: voidedNumberList },
  async ({ organizationId, params }) => {
    const voided = await voidedNumbers(db, organizationId, params.series);
    return { status: 200, body: { results: voided.map(voidedNumberResource), next: null } };
  },
);
