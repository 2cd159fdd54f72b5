import type { CorrelatedDb } from '#shared/data/table';
import type { Client, ClientFields } from '#shared/domain/client';
import { changeClient } from '#shared/clients/change-client';

export const updateClient = (
  db: CorrelatedDb,
  organizationId: string,
  clientId: string,
  changes: Partial<ClientFields>,
): Promise<Client> => changeClient(db, organizationId, clientId, changes, 'client.updated');
