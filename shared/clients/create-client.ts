// A new client, written with its client.created event.
import { saveNewClient } from '#shared/data/clients';
import type { CorrelatedDb } from '#shared/data/table';
import type { Client, ClientFields } from '#shared/domain/client';
import type { Metadata } from '#shared/domain/metadata';
import { newId } from '#shared/domain/ids';
import { clientResource } from '#shared/domain/resources/client';
import { assertTaxId } from '#shared/clients/tax-id';

export async function createClient(
  db: CorrelatedDb,
  organizationId: string,
  fields: ClientFields & { metadata?: Metadata },
  now = new Date(),
): Promise<Client> {
  assertTaxId(fields);
  const client: Client = {
    id: newId('cli', now.getTime()),
    ...fields,
    is_active: true,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    version: 1,
  };
  await saveNewClient(db, organizationId, client, { type: 'client.created', object: clientResource(client) });
  return client;
}
