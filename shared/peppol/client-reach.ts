// A client's Peppol reach for its answer: the organization's kept lookup of the client's id (never a
// new one: looking up is the caller's to ask for), or the participant id its VAT number suggests.
import { getPeppolLookup } from '#shared/data/peppol-lookups';
import type { Db } from '#shared/data/table';
import type { Client } from '#shared/domain/client';
import { reachOf } from '#shared/domain/peppol';

export async function clientReach(db: Db, organizationId: string, client: Client) {
  const lookup = client.peppol_id ? await getPeppolLookup(db, organizationId, client.peppol_id) : undefined;
  return reachOf(client, lookup);
}
