// What the Peppol gateway (functions/peppol-gateway) is asked for: the port's calls, as the JSON
// payload of a synchronous invocation by the routes, the sending worker and the Peppol receiver.
import type { PeppolDiscovery } from '#shared/domain/peppol';
import type { PeppolParticipant } from '#shared/domain/peppol-participant';
import type { ResponseSubmission, StatusReport, Submission, SubmitResult } from '#shared/peppol/access-point';
import type { ArrivalMessage } from '#shared/peppol/keep-arrival';

export type PeppolGatewayRequest =
  | { kind: 'discover'; participant: PeppolParticipant }
  | { kind: 'submit'; submission: Submission }
  | { kind: 'respond'; submission: ResponseSubmission }
  | { kind: 'status'; transmissionId: string }
  /** The reports waiting at the access point, asked on behalf of the status route of `accessPoint`; arrivals met are kept. */
  | { kind: 'reports'; accessPoint: string }
  /** A received document the access point `accessPoint` forwarded word of: fetched back and kept. */
  | { kind: 'arrival'; accessPoint: string; messageId: string }
  /** A received document taken into an inbox of an organization in `country` (C4's). */
  | { kind: 'acknowledge'; messageId: string; country: string };

export type PeppolGatewayAnswer =
  | { discovery: PeppolDiscovery }
  | { submitted: SubmitResult }
  | { responded: SubmitResult }
  | { status: StatusReport | null }
  | { reports: StatusReport[] }
  | { arrival: ArrivalMessage | null }
  | { acknowledged: true };
