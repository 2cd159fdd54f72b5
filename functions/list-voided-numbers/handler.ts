import { config } from '#shared/config';
import { route } from '#functions/list-voided-numbers/route';
import { voidedNumbers } from '#shared/data/number-series';
import { voidedNumberResource } from '#shared/domain/resources/voided-number';
import { endpoint } from '#shared/http/endpoint';
import { cursorSecret, listing } from '#shared/http/pagination';
import { pageQuery } from '#shared/http/schemas/common';
import { seriesParams } from '#shared/http/schemas/numbering';

const cursorKey = cursorSecret(config());

export const handler = endpoint(
  route,
  { params: seriesParams, query: pageQuery },
  async ({ db, organizationId, params, query, baseUrl }) => {
    const path = `/api/v1/number-series/${params.series}/voided/`;
    const link = { scope: `${organizationId}|voided|${params.series}`, baseUrl, path };
    const list = listing(await cursorKey(), { ...link, query: { limit: String(query.limit) } }, query.cursor);
    const page = await voidedNumbers(db, organizationId, params.series, {
      limit: query.limit,
      startKey: list.startKey,
    });
    return { status: 200, body: list.page(page, voidedNumberResource) };
  },
);
