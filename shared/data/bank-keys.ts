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
