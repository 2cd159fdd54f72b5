// The one port every Peppol access point is driven through (docs/peppol.md): discovery of a
// participant, submission of a document, the status of a transmission, and the documents it
// received for the deployment's participants. Storecove and phoss-ap
// are adapters behind it (storecove.ts, phoss-ap.ts); the gateway function holds the one in use.
import type { PeppolDiscovery, PeppolDocumentType } from '#shared/domain/peppol';
import type { PeppolParticipant } from '#shared/domain/peppol-participant';
import type { InvoiceResponse } from '#shared/domain/invoice-response';

export const ACCESS_POINTS = ['storecove', 'phoss-ap'] as const;
export type AccessPointName = (typeof ACCESS_POINTS)[number];

export type Submission = {
  sender: PeppolParticipant;
  receiver: PeppolParticipant;
  documentType: PeppolDocumentType;
  /** The UBL bytes, exactly as `?format=peppol` answers them. */
  xml: string;
  /** The sending's id: the access point transmits once per key, however often it is asked. */
  idempotencyKey: string;
  /** The seller's country (C1's, in the envelope). */
  country: string;
  /** The sending organization, for access points that keep one account per sender. */
  organizationId: string;
};

/** An Invoice Response for the access point to send back to the sender of a document it received. */
export type ResponseSubmission = {
  response: InvoiceResponse;
  /** The UBL ApplicationResponse, as the renderer wrote it. */
  xml: string;
  /** The access point's id of the received message it answers (Storecove answers by it). */
  inReplyTo: string;
  /** The response's id: the access point sends it once per key, however often it is asked. */
  idempotencyKey: string;
  /** The organization's country (C1's, in the envelope: the responder sends). */
  country: string;
};

/** Where a transmission stands, as far as the access point knows. */
export type TransmissionStatus =
  | { status: 'queued' }
  | { status: 'sent' }
  | { status: 'delivered' }
  | { status: 'failed'; reason: string };

export type SubmitResult =
  /** Taken: on its way (`queued`), or already handed to the receiver's access point (`sent`). */
  | { outcome: 'accepted'; transmissionId: string; status: 'queued' | 'sent' }
  /** Refused for good (an invalid document, a receiver that is not there): never tried again. */
  | { outcome: 'refused'; reason: string; rules: string[] };

/** A status report the access point gave for one of our transmissions. */
export type StatusReport = { transmissionId: string } & TransmissionStatus;

/** A document the access point received for one of the deployment's participants. */
export type Arrival = {
  /** The access point's id of the received message: every redelivery of it names the same. */
  messageId: string;
  /** What the access point holds: the business document, or the SBD around it. */
  document: Uint8Array;
  /** C1's and C4's participants (`scheme:identifier`), where the access point names them. */
  sender: string | null;
  receiver: string | null;
};

/** What a pull queue brings: a report on one of our transmissions, or a received document. */
export type QueueHandlers = {
  report(report: StatusReport): Promise<void>;
  /** Given, arrivals are taken off the queue once it returns; without it they are left there. */
  arrival?(arrival: Arrival): Promise<void>;
};

/**
 * The access point could not be reached or failed on its side (a timeout, a 5xx): the same request
 * may be tried again later. Anything else it answers is final.
 */
export class AccessPointUnavailable extends Error {}

export type AccessPoint = {
  name: AccessPointName;
  discover(participant: PeppolParticipant): Promise<PeppolDiscovery>;
  submit(submission: Submission): Promise<SubmitResult>;
  /** Sends an Invoice Response back to the sender of a received document. */
  respond(submission: ResponseSubmission): Promise<SubmitResult>;
  /** What the access point says of one transmission now; undefined when it knows none by that id. */
  status(transmissionId: string): Promise<StatusReport | undefined>;
  /** Reports and arrivals waiting at the access point (a pull queue), each taken off it once handled. */
  drainReports(handlers: QueueHandlers): Promise<number>;
  /** A received document, by the access point's id of it; undefined when it knows none by that id. */
  arrival(messageId: string): Promise<Arrival | undefined>;
  /** Tells the access point a received document is taken in, and C4's country (Peppol Reporting). */
  acknowledge(messageId: string, country: string): Promise<void>;
};

/** The validation rule ids an access point's refusal names (PEPPOL-EN16931-R003, BR-CO-15, UBL-CR-001…). */
export const rulesNamedIn = (text: string): string[] => [
  ...new Set(text.match(/\b(?:PEPPOL-[A-Z0-9]+-[A-Z]+\d{3}|BR-(?:[A-Z]+-)?\d{2,3}|UBL-(?:CR|SR|DT)-\d{3})\b/g) ?? []),
];
