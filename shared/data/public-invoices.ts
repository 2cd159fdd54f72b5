// Invoices, credit notes and quotes as their recipients reach them: by the unguessable public token, never by id.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { CAPABILITY_TOKEN } from '#shared/domain/ids';
import type { Db } from '#shared/data/table';
import { invoiceWithOrganization } from '#shared/data/invoices';
import { creditNoteWithOrganization } from '#shared/data/credit-notes';
import { publicTokenKey } from '#shared/data/keys';
import type { CreditNote } from '#shared/domain/credit-note';
import type { Invoice } from '#shared/domain/invoice';
import type { Organization } from '#shared/domain/organization';
import type { Logo } from '#shared/domain/logo';
import type { Quote } from '#shared/domain/quote';
import { quoteWithOrganization } from '#shared/data/quotes';

export type PublicInvoice = { organizationId: string; invoice: Invoice; organization: Organization; logo?: Logo };

export async function findPublicInvoice(db: Db, token: string): Promise<PublicInvoice | undefined> {
  if (!CAPABILITY_TOKEN.test(token)) return undefined;
  const { Item: link } = await db.client.send(new GetCommand({ TableName: db.table, Key: publicTokenKey(token) }));
  if (!link) return undefined;
  const organizationId = String(link.organization_id);
  const found = await invoiceWithOrganization(db, organizationId, String(link.invoice_id));
  return found && { organizationId, ...found };
}

export type PublicCreditNote = { creditNote: CreditNote; organization: Organization; logo?: Logo };

/** A credit note as its recipient reaches it: by its own unguessable token. */
export async function findPublicCreditNote(db: Db, token: string): Promise<PublicCreditNote | undefined> {
  if (!CAPABILITY_TOKEN.test(token)) return undefined;
  const { Item: link } = await db.client.send(new GetCommand({ TableName: db.table, Key: publicTokenKey(token) }));
  if (!link?.credit_note_id) return undefined;
  return creditNoteWithOrganization(db, String(link.organization_id), String(link.credit_note_id));
}

export type PublicQuote = { organizationId: string; quote: Quote; organization: Organization; logo?: Logo };

/** A quote as its recipient reaches it: by its own unguessable token. */
export async function findPublicQuote(db: Db, token: string): Promise<PublicQuote | undefined> {
  if (!CAPABILITY_TOKEN.test(token)) return undefined;
  const { Item: link } = await db.client.send(new GetCommand({ TableName: db.table, Key: publicTokenKey(token) }));
  if (!link?.quote_id) return undefined;
  const organizationId = String(link.organization_id);
  const found = await quoteWithOrganization(db, organizationId, String(link.quote_id));
  return found && { organizationId, ...found };
}
