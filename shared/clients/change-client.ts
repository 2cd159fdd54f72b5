// Changing a stored client: read, apply, write with its event if nobody changed it meanwhile.
import { getClient, saveClientChange } from '#shared/data/clients';
import type { CorrelatedDb } from '#shared/data/table';
import type { Client, ClientFields } from '#shared/domain/client';
import { notFound } from '#shared/domain/errors';
import type { EventType } from '#shared/domain/events';
import { clientResource } from '#shared/domain/resources/client';
import { assertTaxId } from '#shared/clients/tax-id';

const MAX_ATTEMPTS = 5;

export async function changeClient(
  db: CorrelatedDb,
  organizationId: string,
  clientId: string,
  changes: Partial<ClientFields> & { is_active?: boolean },
  eventType: EventType,
  now = new Date(),
): Promise<Client> {
  for (let attempt = 1; ; attempt++) {
    const current = await getClient(db, organizationId, clientId);
    if (!current) throw notFound('Client');
    const changed: Client = { ...current, ...changes, updated_at: now.toISOString(), version: current.version + 1 };
    if (changes.tax_id !== undefined || changes.country !== undefined) assertTaxId(changed);
    const event = { type: eventType, object: clientResource(changed) };
    if (await saveClientChange(db, organizationId, changed, current.version, event)) return changed;
    if (attempt >= MAX_ATTEMPTS) throw new Error(`client ${clientId} kept changing under ${attempt} attempts`);
  }
}
