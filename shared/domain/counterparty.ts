// Who sent a transfer, as the amount rule finds their client (docs/reconciliation.md "Matching"):
// by the IBAN an earlier matched transfer came from, else by a client's name equal to the payer's.

/** A name as the amount rule compares it: case and spacing ignored (and compatibility forms folded). */
export const nameKeyOf = (name: string) => name.normalize('NFKC').toLowerCase().replace(/\s+/gu, '');
