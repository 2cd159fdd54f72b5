// Which organization's document and sending each Peppol transmission is: written with the sending
// that first carries the access point's id, read when a report names only that id.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { peppolTransmissionKey } from '#shared/data/keys';
import type { Db, WritePart } from '#shared/data/table';
import type { PeppolDocument } from '#shared/domain/peppol-sending';

export type PeppolTransmission = {
  organization_id: string;
  document: PeppolDocument;
  sending_id: string;
};

export const transmissionPart = (db: Db, transmissionId: string, transmission: PeppolTransmission): WritePart => ({
  Put: {
    TableName: db.table,
    Item: { ...peppolTransmissionKey(transmissionId), type: 'peppol_transmission', ...transmission },
  },
});

export async function getTransmission(db: Db, transmissionId: string): Promise<PeppolTransmission | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: peppolTransmissionKey(transmissionId) }),
  );
  if (!Item) return undefined;
  return {
    organization_id: Item.organization_id as string,
    document: Item.document as PeppolTransmission['document'],
    sending_id: Item.sending_id as string,
  };
}
