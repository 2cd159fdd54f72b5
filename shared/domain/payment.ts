// A payment received against an invoice, recorded by hand or reported by a payment provider.

export type Payment = {
  id: string;
  invoice_id: string;
  amount_minor: number;
  currency: string;
  paid_at: string;
  method: string;
  reference?: string;
  /** `bank`: matched from an imported bank statement (docs/reconciliation.md). */
  provider: 'manual' | 'stripe' | 'sandbox' | 'bank';
  provider_event_id?: string;
  created_at: string;
  /** When it was taken back (a bank transfer unmatched): kept listed, no longer counted as paid. */
  reversed_at?: string;
};
