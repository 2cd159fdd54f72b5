// Invoices as their recipients reach them: by the unguessable public token, never by id.
import { BatchGetCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { CAPABILITY_TOKEN } from '../domain/ids.ts';
import type { Db } from './client.ts';
import type { Invoice } from './invoices.ts';
import { invoiceKey, organizationKey, publicTokenKey } from './keys.ts';
import type { Organization } from './organizations.ts';

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
