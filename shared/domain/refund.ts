// Money paid back on a credit note: recorded by hand (a bank transfer, cash) once it has left.

export type Refund = {
  id: string;
  credit_note_id: string;
  invoice_id: string;
  amount_minor: number;
  currency: string;
  method: string;
  reference?: string;
  refunded_at: string;
  provider: 'manual';
  status: 'succeeded';
  created_at: string;
};
