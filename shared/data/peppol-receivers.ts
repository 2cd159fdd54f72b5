// Which organization receives as a Peppol participant: one claim item per organization with a
// `peppol_id`, written in the same transaction as the organization's change (data/organizations.ts).
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { PEPPOL_RECEIVER_PREFIX, peppolReceiverKey } from '#shared/data/keys';
import type { Db, WritePart } from '#shared/data/table';

/** The claim's writes when an organization's `peppol_id` goes from `before` to `after` (either may be absent). */
export function peppolReceiverParts(
  table: string,
  organizationId: string,
  before: string | undefined,
  after: string | undefined,
): WritePart[] {
  if (before?.toLowerCase() === after?.toLowerCase()) return [];
  return [
    ...(before ? [{ Delete: { TableName: table, Key: peppolReceiverKey(before, organizationId) } }] : []),
    ...(after
      ? [
          {
            Put: {
              TableName: table,
              Item: { ...peppolReceiverKey(after, organizationId), organization_id: organizationId },
            },
          },
        ]
      : []),
  ];
}

/** The organizations that claim `participantId` (at most a few: one, when the deployment is set up right). */
export async function organizationsReceivingAs(db: Db, participantId: string): Promise<string[]> {
  const { Items = [] } = await db.client.send(
    new QueryCommand({
      TableName: db.table,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `${PEPPOL_RECEIVER_PREFIX}${participantId.toLowerCase()}` },
      Limit: 10,
    }),
  );
  return Items.map((item) => String(item.organization_id));
}
