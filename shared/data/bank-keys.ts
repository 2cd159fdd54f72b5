// The keys of payment references and bank reconciliation (docs/data-model.md "Reconciliation"), part
// of keys.ts, which re-exports them: import them from there.
type Key = { pk: string; sk: string };

const org = (organizationId: string) => `ORG#${organizationId}`;

/** The organization's count of payment references made: each issued invoice takes the next. */
export const paymentReferenceCounterKey = (organizationId: string): Key => ({
  pk: org(organizationId),
  sk: 'PAYMENT_REFERENCE_COUNTER',
});
/** A payment reference (compact), held by the one invoice it was made for: how a transfer finds it. */
export const paymentReferenceKey = (organizationId: string, compact: string): Key => ({
  pk: org(organizationId),
  sk: `PAYMENT_REFERENCE#${compact}`,
});
/** An imported bank statement: its import job (`bst_` ULID). */
export const bankStatementKey = (organizationId: string, id: string): Key => ({
  pk: org(organizationId),
  sk: `BANK_STATEMENT#${id}`,
});
/** A booked bank transaction; its `btx_` id sorts by booking date. */
export const BANK_TRANSACTION_PREFIX = 'BANK_TRANSACTION#';
export const bankTransactionKey = (organizationId: string, id: string): Key => ({
  pk: org(organizationId),
  sk: `${BANK_TRANSACTION_PREFIX}${id}`,
});
export const bankTransactionRange = (organizationId: string, fromId: string, toId: string) => ({
  ':pk': org(organizationId),
  ':from': `${BANK_TRANSACTION_PREFIX}${fromId}`,
  ':to': `${BANK_TRANSACTION_PREFIX}${toId}`,
});
/** The client an earlier matched transfer from this IBAN paid for: the amount rule's first guess. */
export const counterpartyIbanKey = (organizationId: string, iban: string): Key => ({
  pk: org(organizationId),
  sk: `COUNTERPARTY_IBAN#${iban}`,
});
/** The clients whose name (case and spacing ignored) is this: the amount rule's guess by the payer's name. */
export const clientNameKey = (organizationId: string, nameKey: string): Key => ({
  pk: org(organizationId),
  sk: `CLIENT_NAME#${nameKey}`,
});
