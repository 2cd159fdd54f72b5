// What the Peppol gateway (functions/peppol-gateway) is asked for: the port's calls, as the JSON
// payload of a synchronous invocation by the routes and the sending worker.
import type { PeppolDiscovery } from '#shared/domain/peppol';
import type { PeppolParticipant } from '#shared/domain/peppol-participant';
import type { StatusReport, Submission, SubmitResult } from '#shared/peppol/access-point';

export type PeppolGatewayRequest =
  | { kind: 'discover'; participant: PeppolParticipant }
  | { kind: 'submit'; submission: Submission }
  | { kind: 'status'; transmissionId: string }
  /** The reports waiting at the access point, asked on behalf of the status route of `accessPoint`. */
  | { kind: 'reports'; accessPoint: string };

export type PeppolGatewayAnswer =
  | { discovery: PeppolDiscovery }
  | { submitted: SubmitResult }
  | { status: StatusReport | null }
  | { reports: StatusReport[] };
