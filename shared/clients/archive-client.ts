// Archiving keeps the client, with is_active false, because its invoices still name it.
import type { CorrelatedDb } from '#shared/data/table';
import type { Client } from '#shared/domain/client';
import { changeClient } from '#shared/clients/change-client';

export const archiveClient = (db: CorrelatedDb, organizationId: string, clientId: string): Promise<Client> =>
  changeClient(db, organizationId, clientId, { is_active: false }, 'client.archived');
