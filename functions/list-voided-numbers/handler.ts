import { route } from '#functions/list-voided-numbers/route';
import { voidedNumbers } from '#shared/data/number-series';
import { voidedNumberResource } from '#shared/domain/resources/voided-number';
import { endpoint } from '#shared/http/endpoint';
import { seriesParams } from '#shared/http/schemas/numbering';

export const handler = endpoint(route, { params: seriesParams }, async ({ db, organizationId, params }) => {
  const voided = await voidedNumbers(db, organizationId, params.series);
  return { status: 200, body: { results: voided.map(voidedNumberResource), next: null } };
});
