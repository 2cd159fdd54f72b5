// Money paid back on a credit note: recorded by hand once it has left (`manual`, settled at once), or
// issued through the payment provider the money came in by (`stripe`, `sandbox`): pending until the
// provider confirms it, then succeeded or failed (a failed refund owes the money back again).

export const REFUND_VIA = ['manual', 'stripe', 'sandbox'] as const;
export type RefundVia = (typeof REFUND_VIA)[number];

export type Refund = {
  id: string;
  credit_note_id: string;
  invoice_id: string;
  amount_minor: number;
  currency: string;
  method: string;
  /** A hand-written reference, or the provider payment refunded (a Stripe PaymentIntent). */
  reference?: string;
  refunded_at: string;
  provider: RefundVia;
  status: 'pending' | 'succeeded' | 'failed';
  /** The provider's own id for the refund (`re_…`). */
  provider_refund_id?: string;
  created_at: string;
};
