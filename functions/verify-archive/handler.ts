// Re-reads every archived object of a period and hashes it again: ok, or the first that differs or is missing.
import { archiveStore } from '#shared/aws/archive-store';
import { verifyArchive } from '#shared/archive/verify-archive';
import { endpoint } from '#shared/http/endpoint';
import { verifyArchiveQuery } from '#shared/http/schemas/archive';
import { route } from '#functions/verify-archive/route';

const archive = archiveStore();

export const handler = endpoint(route, { query: verifyArchiveQuery }, async ({ db, organizationId, query }) => ({
  status: 200,
  body: await verifyArchive({ db, archive }, organizationId, query),
}));
