// Every client of one organization among the clients of its name (docs/reconciliation.md
// "Matching"), for clients stored before names were kept: the amount rule finds a payer's client by
// name there. Adding a client to its name's set twice changes nothing, so it may run again.
import { listClients } from '#shared/data/clients';
import { keepClientName } from '#shared/data/counterparties';
import type { Db } from '#shared/data/table';

export async function indexClientNames(db: Db, organizationId: string): Promise<number> {
  let clients = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await listClients(db, organizationId, { limit: 100, startKey });
    for (const client of page.items) await keepClientName(db, organizationId, client.id, client.name);
    clients += page.items.length;
    startKey = page.position;
  } while (startKey);
  return clients;
}
