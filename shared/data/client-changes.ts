// Creating and changing clients, each with its event; a tax number is checked against the client's country.
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { clientResource } from '#shared/domain/resources/client';
import { newId } from '#shared/domain/ids';
import type { CorrelatedDb } from '#shared/data/table';
import { getClient } from '#shared/data/clients';
import { clientItem } from '#shared/data/items';
import { outboxPut } from '#shared/data/events';
import type { Client, ClientFields } from '#shared/domain/client';
import { validationError } from '#shared/domain/errors';
import { taxIdProblem } from '#shared/domain/seller';

/** A tax number must be one of the client's country, where that country's numbers can be checked. */
function assertTaxId(client: Pick<ClientFields, 'tax_id' | 'country'>) {
  const problem = client.tax_id && taxIdProblem(client.tax_id, client.country);
  if (problem) throw validationError({ tax_id: problem });
}

export async function createClient(
  db: CorrelatedDb,
  organizationId: string,
  fields: ClientFields,
  now = new Date(),
): Promise<Client> {
  assertTaxId(fields);
  const client: Client = {
    id: newId('cli', now.getTime()),
    ...fields,
    is_active: true,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    version: 1,
  };
  await db.client.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: db.table,
            Item: clientItem(organizationId, client),
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        outboxPut(db, organizationId, 'client.created', clientResource(client), now),
      ],
    }),
  );
  return client;
}

/** Applies a partial change with its event; `undefined` when the client is not in this organization. */
export async function updateClient(
  db: CorrelatedDb,
  organizationId: string,
  clientId: string,
  changes: Partial<ClientFields> & { is_active?: boolean },
  eventType = 'client.updated',
  now = new Date(),
): Promise<Client | undefined> {
  for (let attempt = 1; ; attempt++) {
    const current = await getClient(db, organizationId, clientId);
    if (!current) return undefined;
    const updated: Client = { ...current, ...changes, updated_at: now.toISOString(), version: current.version + 1 };
    if (changes.tax_id !== undefined || changes.country !== undefined) assertTaxId(updated);
    try {
      await db.client.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: db.table,
                Item: clientItem(organizationId, updated),
                ConditionExpression: 'version = :read',
                ExpressionAttributeValues: { ':read': current.version },
              },
            },
            outboxPut(db, organizationId, eventType, clientResource(updated), now),
          ],
        }),
      );
      return updated;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException) || attempt >= 5) throw error;
    }
  }
}
