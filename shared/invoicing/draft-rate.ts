// A draft in another currency than the accounting currency shows the rate it would be issued with
// (its manual rate, or the ECB's of the day its issue date names), and its VAT at that rate; a draft
// whose rate is not published yet (or whose manual rate no longer fits its currency) shows none.
import { getOrganization } from '#shared/data/organizations';
import type { Db } from '#shared/data/table';
import { DomainError, ErrorCode } from '#shared/domain/errors';
import type { Invoice } from '#shared/domain/invoice';
import { accountingCurrencyOf } from '#shared/domain/organization';
import { issuingRate } from '#shared/invoicing/exchange-rate-for';

export async function withDraftRate(db: Db, organizationId: string, invoice: Invoice): Promise<Invoice> {
  if (invoice.status !== 'draft') return invoice;
  const organization = await getOrganization(db, organizationId);
  if (!organization || accountingCurrencyOf(organization) === invoice.currency) return invoice;
  try {
    return { ...invoice, ...(await issuingRate(db, organization, invoice)) };
  } catch (error) {
    // Not published yet, or a manual rate the draft's currency has since outgrown: sending will say so.
    const unknowable = [ErrorCode.exchangeRateUnavailable, ErrorCode.validationError] as string[];
    if (error instanceof DomainError && unknowable.includes(error.code)) return invoice;
    throw error;
  }
}
