import { requestExport } from '#shared/exports/request-export';
import { DomainError, ErrorCode } from '#shared/domain/errors';
import { READ_SCOPE_OF } from '#shared/domain/export';
import { endpoint } from '#shared/http/endpoint';
import { createExportBody } from '#shared/http/schemas/exports';
import { exportResource } from '#shared/domain/resources/export';
import { route } from '#functions/create-export/route';

export const handler = endpoint(route, { body: createExportBody }, async ({ db, organizationId, principal, body }) => {
  // An export shows what it holds: a credential exports only what it may read.
  const needed = READ_SCOPE_OF[body.kind];
  if (!principal.scopes.includes(needed))
    throw new DomainError(ErrorCode.insufficientScope, `Exporting ${body.kind} needs the scope ${needed}`, {
      required_scope: needed,
    });
  const job = await requestExport(db, organizationId, body);
  return { status: 202, body: exportResource(job) };
});
