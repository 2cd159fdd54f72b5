// A payment link's checkout: one attempt to collect an invoice's amount due through a provider.

export type Checkout = {
  id: string;
  organization_id: string;
  invoice_id: string;
  public_token: string;
  amount_minor: number;
  currency: string;
  provider: 'stripe' | 'sandbox';
  url: string;
  status: 'open' | 'paid' | 'failed';
  expires_at: string;
  provider_session_id?: string;
};
