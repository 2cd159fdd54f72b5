import { exportDownloadLink } from '#shared/aws/download-link';
import { getExport } from '#shared/data/exports';
import { notFound } from '#shared/domain/errors';
import { DOWNLOAD_LINK_SECONDS } from '#shared/domain/export';
import { endpoint } from '#shared/http/endpoint';
import { idParams } from '#shared/http/schemas/common';
import { exportResource } from '#shared/domain/resources/export';
import { route } from '#functions/get-export/route';

const downloadLink = exportDownloadLink();

export const handler = endpoint(route, { params: idParams('exp') }, async ({ db, organizationId, params }) => {
  const job = await getExport(db, organizationId, params.id);
  if (!job) throw notFound('Export');
  if (job.status !== 'completed' || !job.object_key) return { status: 200, body: exportResource(job) };
  const expiresAt = new Date(Date.now() + DOWNLOAD_LINK_SECONDS * 1000).toISOString();
  const url = await downloadLink(job.object_key, job.file_name ?? `${job.id}.csv`, DOWNLOAD_LINK_SECONDS);
  return { status: 200, body: exportResource(job, { url, expiresAt }) };
});
