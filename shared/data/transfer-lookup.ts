// What a transfer's words and payer point at (docs/reconciliation.md "Matching"): the invoices it
// names by payment reference or printed number (a debit: the credit notes it names), and the client its IBAN or name belongs to — all in
// one BatchGetItem (at most 100 keys), again only for keys the table left unprocessed.
import { BatchGetCommand, type BatchGetCommandOutput } from '@aws-sdk/lib-dynamodb';
import {
  clientNameKey,
  counterpartyIbanKey,
  creditNoteNumberTextKey,
  numberTextKey,
  paymentReferenceKey,
} from '#shared/data/keys';
import type { Db } from '#shared/data/table';
import { nameKeyOf } from '#shared/domain/counterparty';

/** Payment references and words that may be invoice numbers (a credit), or credit-note numbers (a debit). */
export type TransferNames = {
  references?: readonly string[];
  numbers?: readonly string[];
  creditNoteNumbers?: readonly string[];
};
export type Payer = { iban: string | null; name: string | null };

export type TransferLookup = {
  byReference: string[];
  byNumber: string[];
  /** The credit notes a debit names by number. */
  creditNotes: string[];
  /** The client earlier matched transfers from the payer's IBAN paid for. */
  clientOfIban?: string;
  /** The clients whose name is the payer's. */
  clientsNamed: string[];
};

export async function lookUpTransfer(
  db: Db,
  organizationId: string,
  named: TransferNames,
  payer: Payer,
): Promise<TransferLookup> {
  const byReference = new Set<string>();
  const byNumber = new Set<string>();
  const found: TransferLookup = { byReference: [], byNumber: [], creditNotes: [], clientsNamed: [] };
  const creditNotes = new Set<string>();
  const nameKey = payer.name ? nameKeyOf(payer.name) : '';
  let keys: Record<string, unknown>[] | undefined = [
    ...(named.references ?? []).map((compact) => paymentReferenceKey(organizationId, compact)),
    ...(named.numbers ?? []).map((text) => numberTextKey(organizationId, text)),
    ...(named.creditNoteNumbers ?? []).map((text) => creditNoteNumberTextKey(organizationId, text)),
    ...(payer.iban ? [counterpartyIbanKey(organizationId, payer.iban)] : []),
    ...(nameKey ? [clientNameKey(organizationId, nameKey)] : []),
  ];
  while (keys && keys.length > 0) {
    const answer: BatchGetCommandOutput = await db.client.send(
      new BatchGetCommand({ RequestItems: { [db.table]: { Keys: keys } } }),
    );
    for (const item of answer.Responses?.[db.table] ?? []) {
      if (item.type === 'counterparty_iban') found.clientOfIban = item.client_id as string;
      else if (item.type === 'client_name') found.clientsNamed = [...((item.client_ids as Set<string>) ?? [])];
      else if (typeof item.credit_note_id === 'string') creditNotes.add(item.credit_note_id);
      else if (typeof item.invoice_id === 'string')
        (item.type === 'payment_reference' ? byReference : byNumber).add(item.invoice_id);
    }
    keys = answer.UnprocessedKeys?.[db.table]?.Keys;
  }
  found.byReference = [...byReference];
  found.byNumber = [...byNumber].filter((id) => !byReference.has(id));
  found.creditNotes = [...creditNotes];
  return found;
}
