import type { CorrelatedDb } from '#shared/data/table';
import type { Client, ClientFields } from '#shared/domain/client';
import type { Metadata } from '#shared/domain/metadata';
import { changeClient } from '#shared/clients/change-client';

export const updateClient = (
  db: CorrelatedDb,
  organizationId: string,
  clientId: string,
  changes: Partial<ClientFields> & { metadata?: Metadata },
): Promise<Client> => changeClient(db, organizationId, clientId, changes, 'client.updated');
