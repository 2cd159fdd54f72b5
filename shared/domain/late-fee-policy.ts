// An organization's late-payment charges, as it stores them (the rules that compute them: late-fee.ts).

export type LateFeePolicy = {
  /** Yearly interest: a fixed rate, or the EU statutory one (ECB main refinancing rate plus `margin`); null: none. */
  interest: { basis: 'fixed'; rate: string } | { basis: 'statutory'; margin: string } | null;
  /** A fixed sum per late invoice (EU: 40 EUR), charged to business clients only; null: none. */
  compensation: { amount: string; currency: string } | null;
  /** How the charge is taxed; absent: out of scope of VAT (O). */
  tax_category?: 'O' | 'S' | 'E';
  tax_rate?: string;
};

/** The EU Directive's margin over the ECB rate, in points. */
export const STATUTORY_MARGIN = '8.00';
