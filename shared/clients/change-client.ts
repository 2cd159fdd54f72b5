// Changing a stored client: read, apply, write with its event if nobody changed it meanwhile — applied
// again to a fresh read otherwise (shared/data/change.ts).
import { existing, RACED, readDecideCommit } from '#shared/data/change';
import { getClient, saveClientChange } from '#shared/data/clients';
import type { CorrelatedDb } from '#shared/data/table';
import type { Client, ClientFields } from '#shared/domain/client';
import { changedMetadata, type Metadata } from '#shared/domain/metadata';
import type { EventType } from '#shared/domain/events';
import { clientResource } from '#shared/domain/resources/client';
import { assertTaxId } from '#shared/clients/tax-id';

/** The fields to change; a `peppol_id` of null removes it. */
export type ClientChanges = Partial<Omit<ClientFields, 'peppol_id'>> & {
  peppol_id?: string | null;
  is_active?: boolean;
  metadata?: Metadata;
};

export async function changeClient(
  db: CorrelatedDb,
  organizationId: string,
  clientId: string,
  changes: ClientChanges,
  eventType: EventType,
  now = new Date(),
): Promise<Client> {
  return readDecideCommit({
    subject: { resource: 'client', id: clientId },
    read: () => existing(getClient(db, organizationId, clientId), 'Client'),
    decide: (current) => {
      const { metadata, peppol_id, ...fields } = changes;
      const changed: Client = {
        ...current,
        ...fields,
        ...(peppol_id === undefined ? {} : { peppol_id: peppol_id ?? undefined }),
        ...(metadata ? { metadata: changedMetadata(current.metadata, metadata) } : {}),
        updated_at: now.toISOString(),
        version: current.version + 1,
      };
      if (changed.peppol_id === undefined) delete changed.peppol_id;
      if (changes.tax_id !== undefined || changes.country !== undefined) assertTaxId(changed);
      return changed;
    },
    commit: async (changed, current) => {
      const event = { type: eventType, object: clientResource(changed) };
      return (await saveClientChange(db, organizationId, changed, current, event)) ? changed : RACED;
    },
  });
}
