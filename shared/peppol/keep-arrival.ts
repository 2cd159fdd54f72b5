// A received document is taken off the access point only once it is safe with us: its bytes in the
// incoming bucket (under `peppol/`), then a message on the incoming-peppol queue naming them, whose
// worker takes it into the addressed organization's inbox (shared/inbox/receive-peppol.ts). A gateway
// cut off between the two leaves the document at the access point, which hands it again: the same
// key, the same message id, taken in once.
import { createHash } from 'node:crypto';
import type { IncomingStore } from '#shared/aws/incoming-store';
import type { AccessPointName, Arrival } from '#shared/peppol/access-point';

/**
 * Where the gateway keeps each received document (`peppol/<access point>/<hash of the message id>`)
 * until the Peppol receiver takes it into an inbox.
 */
export const PEPPOL_ARRIVAL_PREFIX = 'peppol/';
export const peppolArrivalKey = (accessPoint: string, messageId: string) =>
  `${PEPPOL_ARRIVAL_PREFIX}${accessPoint}/${createHash('sha256').update(messageId).digest('hex')}`;

/** The incoming-peppol queue's message: where the received bytes are, and what the access point said of them. */
export type ArrivalMessage = {
  access_point: AccessPointName;
  message_id: string;
  key: string;
  sender: string | null;
  receiver: string | null;
};

export type KeepArrival = (arrival: Arrival) => Promise<ArrivalMessage>;

export function arrivalKeeper(
  accessPoint: AccessPointName,
  store: Pick<IncomingStore, 'put'>,
  queue: (message: ArrivalMessage) => Promise<void>,
): KeepArrival {
  return async (arrival) => {
    const key = peppolArrivalKey(accessPoint, arrival.messageId);
    await store.put(key, arrival.document, 'application/xml');
    const message = {
      access_point: accessPoint,
      message_id: arrival.messageId,
      key,
      sender: arrival.sender,
      receiver: arrival.receiver,
    };
    await queue(message);
    return message;
  };
}
