// Changing a stored client: read, apply, write with its event if nobody changed it meanwhile.
import { getClient, saveClientChange } from '#shared/data/clients';
import type { CorrelatedDb } from '#shared/data/table';
import type { Client, ClientFields } from '#shared/domain/client';
import { notFound } from '#shared/domain/errors';
import { changedMetadata, type Metadata } from '#shared/domain/metadata';
import type { EventType } from '#shared/domain/events';
import { clientResource } from '#shared/domain/resources/client';
import { assertTaxId } from '#shared/clients/tax-id';

const MAX_ATTEMPTS = 5;

export async function changeClient(
  db: CorrelatedDb,
  organizationId: string,
  clientId: string,
  changes: Partial<ClientFields> & { is_active?: boolean; metadata?: Metadata },
  eventType: EventType,
  now = new Date(),
): Promise<Client> {
  for (let attempt = 1; ; attempt++) {
    const current = await getClient(db, organizationId, clientId);
    if (!current) throw notFound('Client');
    const { metadata, ...fields } = changes;
    const changed: Client = {
      ...current,
      ...fields,
      ...(metadata ? { metadata: changedMetadata(current.metadata, metadata) } : {}),
      updated_at: now.toISOString(),
      version: current.version + 1,
    };
    if (changes.tax_id !== undefined || changes.country !== undefined) assertTaxId(changed);
    const event = { type: eventType, object: clientResource(changed) };
    if (await saveClientChange(db, organizationId, changed, current, event)) return changed;
    if (attempt >= MAX_ATTEMPTS) throw new Error(`client ${clientId} kept changing under ${attempt} attempts`);
  }
}
