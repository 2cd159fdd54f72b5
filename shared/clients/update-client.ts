import type { CorrelatedDb } from '#shared/data/table';
import type { Client } from '#shared/domain/client';
import { type ClientChanges, changeClient } from '#shared/clients/change-client';

export const updateClient = (
  db: CorrelatedDb,
  organizationId: string,
  clientId: string,
  changes: Omit<ClientChanges, 'is_active'>,
): Promise<Client> => changeClient(db, organizationId, clientId, changes, 'client.updated');
