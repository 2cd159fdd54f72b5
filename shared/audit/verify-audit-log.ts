// Checking an organization's audit chain from its oldest entry kept to its head.
import { eachAuditEntry, getAuditHead } from '#shared/data/audit-log';
import type { Db } from '#shared/data/table';
import { checkChain, type ChainCheck } from '#shared/domain/audit';

export async function verifyAuditLog(db: Db, organizationId: string): Promise<ChainCheck> {
  const head = await getAuditHead(db, organizationId);
  const check = checkChain();
  let last;
  for await (const entry of eachAuditEntry(db, organizationId)) {
    const broken = check.add(entry);
    if (broken) return broken;
    last = entry;
  }
  // An entry removed from the end, or a head that moved past what is stored, is a break too.
  if (head && (!last || last.seq !== head.seq || last.hash !== head.hash))
    return {
      status: 'broken',
      entries: check.result().entries,
      seq: head.seq,
      event_id: null,
      reason: `the head names entry ${head.seq}, which is not the last entry stored`,
    };
  return check.result();
}
