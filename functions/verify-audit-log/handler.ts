// Checks the organization's audit chain: `ok`, or the first broken link.
import { verifyAuditLog } from '#shared/audit/verify-audit-log';
import { endpoint } from '#shared/http/endpoint';
import { route } from '#functions/verify-audit-log/route';

export const handler = endpoint(route, {}, async ({ db, organizationId }) => ({
  status: 200,
  body: await verifyAuditLog(db, organizationId),
}));
