// The Peppol gateway as routes and workers use it: each call one synchronous invocation of
// functions/peppol-gateway, the only function with the access point's key. A deployment without an
// access point has no gateway: every call is then 409 peppol_not_configured.
import { callFunction, FunctionFailedError, type Invoke, lambdaInvoker } from '#shared/aws/lambda';
import { config } from '#shared/config';
import type { PeppolDiscovery } from '#shared/domain/peppol';
import type { PeppolParticipant } from '#shared/domain/peppol-participant';
import { peppolNotConfigured, peppolUnavailable } from '#shared/domain/errors';
import type { ResponseSubmission, StatusReport, Submission, SubmitResult } from '#shared/peppol/access-point';
import type { PeppolGatewayAnswer, PeppolGatewayRequest } from '#shared/peppol/gateway-requests';
import type { ArrivalMessage } from '#shared/peppol/keep-arrival';

export type PeppolGateway = {
  /** Whether the deployment has an access point at all. */
  configured: boolean;
  discover(participant: PeppolParticipant): Promise<PeppolDiscovery>;
  submit(submission: Submission): Promise<SubmitResult>;
  respond(submission: ResponseSubmission): Promise<SubmitResult>;
  status(transmissionId: string): Promise<StatusReport | null>;
  reports(accessPoint: string): Promise<StatusReport[]>;
  /** A received document `accessPoint` told of, kept and queued for its inbox; null when it knows none by the id. */
  arrival(accessPoint: string, messageId: string): Promise<ArrivalMessage | null>;
  acknowledge(messageId: string, country: string): Promise<void>;
};

export function peppolGateway(invoke: Invoke, functionName: string | undefined): PeppolGateway {
  const call = async <K extends keyof UnionKeys>(request: PeppolGatewayRequest, key: K) => {
    if (!functionName) throw peppolNotConfigured();
    const answer = (await callFunction(invoke, functionName, request).catch((error: unknown) => {
      // A gateway that timed out or crashed left the access point's answer unknown: as unavailable,
      // the worker tries again (the idempotency key keeps a transmission that did go through single).
      throw error instanceof FunctionFailedError ? peppolUnavailable('the Peppol gateway failed') : error;
    })) as Record<string, unknown>;
    return answer[key] as UnionKeys[K];
  };
  return {
    configured: functionName !== undefined,
    discover: (participant) => call({ kind: 'discover', participant }, 'discovery'),
    submit: (submission) => call({ kind: 'submit', submission }, 'submitted'),
    respond: (submission) => call({ kind: 'respond', submission }, 'responded'),
    status: (transmissionId) => call({ kind: 'status', transmissionId }, 'status'),
    reports: (accessPoint) => call({ kind: 'reports', accessPoint }, 'reports'),
    arrival: (accessPoint, messageId) => call({ kind: 'arrival', accessPoint, messageId }, 'arrival'),
    acknowledge: async (messageId, country) =>
      void (await call({ kind: 'acknowledge', messageId, country }, 'acknowledged')),
  };
}

/** Each answer's one field and its type. */
type UnionKeys = {
  [A in PeppolGatewayAnswer as keyof A & string]: A[keyof A];
};

/** The gateway this process's configuration names, through the process's invoker. */
export const configuredPeppolGateway = () => peppolGateway(lambdaInvoker(), config().PEPPOL_GATEWAY_FUNCTION);
