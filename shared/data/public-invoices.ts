// Invoices as their recipients reach them: by the unguessable public token, never by id.
import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { CAPABILITY_TOKEN } from '#shared/domain/ids';
import type { Db } from '#shared/data/client';
import type { Invoice } from '#shared/data/invoices';
import { invoiceKey, organizationKey, publicTokenKey } from '#shared/data/keys';
import type { Organization } from '#shared/data/organizations';

export type PublicInvoice = { organizationId: string; invoice: Invoice; organization: Organization };

export async function findPublicInvoice(db: Db, token: string): Promise<PublicInvoice | undefined> {
  if (!CAPABILITY_TOKEN.test(token)) return undefined;
  const { Item: link } = await db.client.send(new GetCommand({ TableName: db.table, Key: publicTokenKey(token) }));
  if (!link) return undefined;
  const organizationId = String(link.organization_id);
  const { Responses } = await db.client.send(
    new BatchGetCommand({
      RequestItems: {
        [db.table]: { Keys: [invoiceKey(organizationId, String(link.invoice_id)), organizationKey(organizationId)] },
      },
    }),
  );
  const items = Responses?.[db.table] ?? [];
  const invoice = items.find((item) => item.type === 'invoice') as Invoice | undefined;
  const organization = items.find((item) => item.type === 'organization') as Organization | undefined;
  return invoice && organization ? { organizationId, invoice, organization } : undefined;
}
