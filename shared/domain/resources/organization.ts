import { retentionYearsOf } from '#shared/domain/archive';
import { LIMITS } from '#shared/domain/invoice';
import { creditNoteNumberingOf, numberingOf, quoteNumberingOf } from '#shared/domain/numbering';
import { DEFAULT_TAX_ROUNDING } from '#shared/domain/tax';
import { accountingCurrencyOf, timeZoneOf, type Organization } from '#shared/domain/organization';
import { DEFAULT_PAYMENT_REFERENCE_SCHEME } from '#shared/domain/payment-reference';

export const organizationResource = (organization: Organization) => ({
  id: organization.id,
  name: organization.name,
  subscription_tier: organization.subscription_tier,
  subscription_status: organization.subscription_status,
  default_currency: organization.default_currency,
  time_zone: timeZoneOf(organization),
  invoice_numbering: numberingOf(organization),
  credit_note_numbering: creditNoteNumberingOf(organization),
  quote_numbering: quoteNumberingOf(organization),
  tax_rounding: organization.tax_rounding ?? DEFAULT_TAX_ROUNDING,
  legal_name: organization.legal_name ?? null,
  address: organization.address ?? null,
  tax_id: organization.tax_id ?? null,
  registration_number: organization.registration_number ?? null,
  email: organization.email ?? null,
  phone: organization.phone ?? null,
  website: organization.website ?? null,
  payment_instructions: organization.payment_instructions ?? null,
  peppol_id: organization.peppol_id ?? null,
  e_invoice_format: organization.e_invoice_format ?? null,
  delivery_channel: organization.delivery_channel ?? 'email',
  logo: organization.logo ?? null,
  locale: organization.locale ?? 'en',
  default_notes: organization.default_notes ?? '',
  default_terms: organization.default_terms ?? '',
  payment_term_days: organization.payment_term_days ?? LIMITS.paymentTermDays,
  reminder_policy: organization.reminder_policy ?? { enabled: false, steps: [] },
  late_fee_policy: organization.late_fee_policy ?? null,
  accounting_currency: accountingCurrencyOf(organization),
  exchange_rate_date: organization.exchange_rate_date ?? 'issue_date',
  archive_retention_years: retentionYearsOf(organization),
  payment_reference_scheme: organization.payment_reference_scheme ?? DEFAULT_PAYMENT_REFERENCE_SCHEME,
  bank_accounts: (organization.bank_accounts ?? []).map((account) => ({
    iban: account.iban,
    name: account.name ?? null,
  })),
  datev: organization.datev ?? null,
  created_at: organization.created_at,
});
