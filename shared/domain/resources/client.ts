import type { Client } from '#shared/domain/client';
// How a client looks in responses and events. The creation response is the spec's short form.

export const clientResource = (client: Client) => ({
  id: client.id,
  name: client.name,
  email: client.email,
  phone: client.phone ?? null,
  address: client.address ?? null,
  city: client.city ?? null,
  state: client.state ?? null,
  postal_code: client.postal_code ?? null,
  country: client.country ?? null,
  tax_id: client.tax_id ?? null,
  peppol_id: client.peppol_id ?? null,
  locale: client.locale ?? null,
  reminders: client.reminders ?? 'on',
  business: client.business ?? Boolean(client.tax_id),
  is_active: client.is_active,
  metadata: client.metadata ?? {},
  created_at: client.created_at,
  updated_at: client.updated_at,
});

export const createdClientResource = (client: Client) => ({
  id: client.id,
  name: client.name,
  email: client.email,
  is_active: client.is_active,
  created_at: client.created_at,
});
