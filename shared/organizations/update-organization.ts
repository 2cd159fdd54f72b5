// Changing an organization: its name, time zone, seller details, numbering, formats and logo. The tax
// number is checked against the address's country, and an IBAN stored in its normal form.
import { getOrganization, saveOrganizationChange } from '#shared/data/organizations';
import { reminderBackfillPart } from '#shared/data/reminders';
import type { CorrelatedDb } from '#shared/data/table';
import type { EInvoiceFormat } from '#shared/domain/e-invoice-format';
import type { DeliveryChannel } from '#shared/domain/peppol-sending';
import { notFound, validationError } from '#shared/domain/errors';
import type { Logo, LogoInfo } from '#shared/domain/logo';
import type { NumberingFormat } from '#shared/domain/numbering';
import type { BankAccount, Organization } from '#shared/domain/organization';
import type { PaymentReferenceScheme } from '#shared/domain/payment-reference';
import { organizationResource } from '#shared/domain/resources/organization';
import { normalIban, type SellerProfile, taxIdProblem } from '#shared/domain/seller';
import type { TaxRounding } from '#shared/domain/tax';
import type { ReminderPolicy } from '#shared/domain/reminder-policy';
import type { LateFeePolicy } from '#shared/domain/late-fee-policy';
import type { DatevSettings } from '#shared/domain/datev-settings';
import type { ExchangeRateDate } from '#shared/domain/exchange-rate';
import { retentionYearsOf } from '#shared/domain/archive';

export type OrganizationChanges = {
  name?: string;
  time_zone?: string;
  invoice_numbering?: NumberingFormat;
  credit_note_numbering?: NumberingFormat;
  quote_numbering?: NumberingFormat;
  tax_rounding?: TaxRounding;
  e_invoice_format?: EInvoiceFormat | null;
  delivery_channel?: DeliveryChannel;
  reminder_policy?: ReminderPolicy;
  late_fee_policy?: LateFeePolicy | null;
  accounting_currency?: string;
  exchange_rate_date?: ExchangeRateDate;
  /** Only ever raised; the same value again is accepted (docs/archive.md). */
  archive_retention_years?: number;
  payment_reference_scheme?: PaymentReferenceScheme;
  bank_accounts?: BankAccount[];
  datev?: DatevSettings | null;
  /** A new logo (decoded and written anew by the document renderer), or null to remove it. */
  logo?: { logo: Logo; info: LogoInfo } | null;
  /** null removes it. */
  peppol_id?: string | null;
} & Omit<SellerProfile, 'peppol_id'> & { default_currency?: string };

export async function updateOrganization(
  db: CorrelatedDb,
  organizationId: string,
  { logo, ...change }: OrganizationChanges,
  now = new Date(),
): Promise<Organization> {
  const current = await getOrganization(db, organizationId);
  if (!current) throw notFound('Organization');
  const lowered = () =>
    validationError({
      archive_retention_years: `may not be lowered below ${retentionYearsOf(current)}: what is archived stays locked that long`,
    });
  if (change.archive_retention_years !== undefined && change.archive_retention_years < retentionYearsOf(current))
    throw lowered();
  const fields = { ...change, updated_at: now.toISOString() };
  const next = { ...current, ...fields } as Organization;
  for (const [field, value] of Object.entries(fields)) if (value === null) delete next[field as keyof Organization];
  if (logo === null) delete next.logo;
  else if (logo) next.logo = logo.info;
  if (change.tax_id !== undefined || change.address !== undefined) {
    const problem = next.tax_id && taxIdProblem(next.tax_id, next.address?.country);
    if (problem) throw validationError({ tax_id: problem });
  }
  if (change.payment_instructions?.iban) {
    fields.payment_instructions = {
      ...change.payment_instructions,
      iban: normalIban(change.payment_instructions.iban),
    };
    next.payment_instructions = fields.payment_instructions;
  }
  if (change.bank_accounts) {
    fields.bank_accounts = change.bank_accounts.map((account) => ({ ...account, iban: normalIban(account.iban) }));
    next.bank_accounts = fields.bank_accounts;
  }
  const event = { type: 'organization.updated' as const, object: organizationResource(next) };
  // A new reminder policy books every open invoice anew (the reminder sweep does it, page by page).
  const backfill = change.reminder_policy ? reminderBackfillPart(db, organizationId) : undefined;
  const organizationChange = { fields, logo, peppolIdBefore: current.peppol_id };
  if (!(await saveOrganizationChange(db, organizationId, organizationChange, event, now, backfill))) {
    if (change.archive_retention_years !== undefined && (await getOrganization(db, organizationId))) throw lowered();
    throw notFound('Organization');
  }
  return next;
}
