// What the Peppol network said of a participant, kept per organization for a day (docs/peppol.md
// "Lookup"): asked again once it is older, and dropped by the table's TTL after that.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { peppolLookupKey } from '#shared/data/keys';
import type { Db } from '#shared/data/table';
import { LOOKUP_TTL_SECONDS, type PeppolLookup } from '#shared/domain/peppol';

export async function getPeppolLookup(
  db: Db,
  organizationId: string,
  participantId: string,
): Promise<PeppolLookup | undefined> {
  const { Item } = await db.client.send(
    new GetCommand({ TableName: db.table, Key: peppolLookupKey(organizationId, participantId) }),
  );
  if (!Item) return undefined;
  return {
    participant_id: Item.participant_id as string,
    registered: Item.registered as boolean,
    document_types: Item.document_types as PeppolLookup['document_types'],
    checked_at: Item.checked_at as string,
  };
}

export async function putPeppolLookup(db: Db, organizationId: string, lookup: PeppolLookup): Promise<void> {
  const expires = Math.floor(Date.parse(lookup.checked_at) / 1000) + 2 * LOOKUP_TTL_SECONDS;
  await db.client.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        ...peppolLookupKey(organizationId, lookup.participant_id),
        type: 'peppol_lookup',
        ...lookup,
        ttl: expires,
      },
    }),
  );
}
