// Who pays for which client (docs/data-model.md "Reconciliation"): the client an IBAN's matched
// transfers paid for, and the clients of each name, kept in step with the writes that teach them.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { clientNameKey, counterpartyIbanKey } from '#shared/data/keys';
import type { Db, WritePart } from '#shared/data/table';
import { nameKeyOf } from '#shared/domain/counterparty';

/** In a match's transaction: transfers from this IBAN pay for this client (the latest match says). */
export const counterpartyIbanPart = (db: Db, organizationId: string, iban: string, clientId: string): WritePart => ({
  Put: {
    TableName: db.table,
    Item: { ...counterpartyIbanKey(organizationId, iban), type: 'counterparty_iban', client_id: clientId },
  },
});

/** In a client's own transaction: the client leaves the clients of its former name and joins those of its new one. */
export function clientNameParts(
  db: Db,
  organizationId: string,
  clientId: string,
  before: string | undefined,
  after: string,
): WritePart[] {
  const [from, to] = [before === undefined ? undefined : nameKeyOf(before), nameKeyOf(after)];
  if (from === to) return [];
  const change = (nameKey: string, verb: 'ADD' | 'DELETE'): WritePart => ({
    Update: {
      TableName: db.table,
      Key: clientNameKey(organizationId, nameKey),
      UpdateExpression: `SET #type = :type ${verb} client_ids :client`,
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':type': 'client_name', ':client': new Set([clientId]) },
    },
  });
  return [...(from ? [change(from, 'DELETE')] : []), ...(to ? [change(to, 'ADD')] : [])];
}

/** The client among those of its name, on its own (for clients stored before names were kept): once is enough. */
export async function keepClientName(db: Db, organizationId: string, clientId: string, name: string): Promise<void> {
  const [part] = clientNameParts(db, organizationId, clientId, undefined, name);
  if (part?.Update) await db.client.send(new UpdateCommand(part.Update));
}
