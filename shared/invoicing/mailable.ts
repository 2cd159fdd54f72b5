// The organization's suppression list, asked before each e-mail: an address that bounced hard or
// complained is not mailed again unless the caller says `force` (docs/collections.md).
import { getSuppression } from '#shared/data/email-suppressions';
import type { Db } from '#shared/data/table';
import { recipientSuppressed } from '#shared/domain/errors';

/** The suppression that stands in the way, if any (none when forced). */
export async function suppressionOf(db: Db, organizationId: string, address: string, force = false) {
  return force ? undefined : getSuppression(db, organizationId, address);
}

/** Refuses a suppressed address with 409 recipient_suppressed naming it. */
export async function assertMailable(db: Db, organizationId: string, address: string, force = false) {
  const suppression = await suppressionOf(db, organizationId, address, force);
  if (suppression) throw recipientSuppressed(address, suppression.reason === 'bounce' ? 'hard bounce' : 'complaint');
}
