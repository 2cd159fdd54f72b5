// The Peppol gateway's work (functions/peppol-gateway): the configured access point behind the
// requests of gateway-requests.ts. A passing fault of the access point travels back as the refusal
// peppol_unavailable, so its caller can tell it from a failed function and try again later. What the
// access point received is kept (keep-arrival.ts) before it is taken off the access point.
import { notFound, peppolUnavailable } from '#shared/domain/errors';
import { type AccessPoint, AccessPointUnavailable, type StatusReport } from '#shared/peppol/access-point';
import type { PeppolGatewayAnswer, PeppolGatewayRequest } from '#shared/peppol/gateway-requests';
import type { KeepArrival } from '#shared/peppol/keep-arrival';

const routeOf = (accessPoint: AccessPoint, asked: string) => {
  if (asked !== accessPoint.name) throw notFound(`Peppol route of ${asked}`);
};

async function answer(
  accessPoint: AccessPoint,
  request: PeppolGatewayRequest,
  keep: KeepArrival | undefined,
): Promise<PeppolGatewayAnswer> {
  switch (request.kind) {
    case 'discover':
      return { discovery: await accessPoint.discover(request.participant) };
    case 'submit':
      return { submitted: await accessPoint.submit(request.submission) };
    case 'respond':
      return { responded: await accessPoint.respond(request.submission) };
    case 'status':
      return { status: (await accessPoint.status(request.transmissionId)) ?? null };
    case 'reports': {
      routeOf(accessPoint, request.accessPoint);
      // Taken off the access point's queue as they are collected: the caller applies each, and one
      // it cannot place is logged by it, never lost in a queue nobody reads.
      const reports: StatusReport[] = [];
      await accessPoint.drainReports({
        report: async (report) => void reports.push(report),
        ...(keep ? { arrival: async (arrival) => void (await keep(arrival)) } : {}),
      });
      return { reports };
    }
    case 'arrival': {
      routeOf(accessPoint, request.accessPoint);
      if (!keep) throw new Error('this gateway keeps no received documents (PEPPOL_INCOMING_QUEUE_URL)');
      const arrival = await accessPoint.arrival(request.messageId);
      return { arrival: arrival ? await keep(arrival) : null };
    }
    case 'acknowledge':
      await accessPoint.acknowledge(request.messageId, request.country);
      return { acknowledged: true };
  }
}

export async function peppolGatewayWork(
  accessPoint: AccessPoint,
  request: PeppolGatewayRequest,
  /** Absent where the gateway keeps no arrivals (a sending-only setup): they wait at the access point. */
  keep?: KeepArrival,
): Promise<PeppolGatewayAnswer> {
  try {
    return await answer(accessPoint, request, keep);
  } catch (error) {
    if (error instanceof AccessPointUnavailable) throw peppolUnavailable(error.message);
    throw error;
  }
}
