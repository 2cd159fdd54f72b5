// The Peppol gateway's work (functions/peppol-gateway): the configured access point behind the
// requests of gateway-requests.ts. A passing fault of the access point travels back as the refusal
// peppol_unavailable, so its caller can tell it from a failed function and try again later.
import { notFound, peppolUnavailable } from '#shared/domain/errors';
import { type AccessPoint, AccessPointUnavailable, type StatusReport } from '#shared/peppol/access-point';
import type { PeppolGatewayAnswer, PeppolGatewayRequest } from '#shared/peppol/gateway-requests';

async function answer(accessPoint: AccessPoint, request: PeppolGatewayRequest): Promise<PeppolGatewayAnswer> {
  switch (request.kind) {
    case 'discover':
      return { discovery: await accessPoint.discover(request.participant) };
    case 'submit':
      return { submitted: await accessPoint.submit(request.submission) };
    case 'status':
      return { status: (await accessPoint.status(request.transmissionId)) ?? null };
    case 'reports': {
      if (request.accessPoint !== accessPoint.name) throw notFound(`Peppol status route of ${request.accessPoint}`);
      // Taken off the access point's queue as they are collected: the caller applies each, and one
      // it cannot place is logged by it, never lost in a queue nobody reads.
      const reports: StatusReport[] = [];
      await accessPoint.drainReports(async (report) => void reports.push(report));
      return { reports };
    }
  }
}

export async function peppolGatewayWork(
  accessPoint: AccessPoint,
  request: PeppolGatewayRequest,
): Promise<PeppolGatewayAnswer> {
  try {
    return await answer(accessPoint, request);
  } catch (error) {
    if (error instanceof AccessPointUnavailable) throw peppolUnavailable(error.message);
    throw error;
  }
}
