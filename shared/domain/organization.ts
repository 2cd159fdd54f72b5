// An organization: the tenant. Every other record belongs to exactly one.
import type { DeliveryChannel } from '#shared/domain/peppol-sending';
import type { DatevSettings } from '#shared/domain/datev-settings';
import type { NumberingFormat } from '#shared/domain/numbering';
import type { SellerProfile } from '#shared/domain/seller';
import type { TaxRounding } from '#shared/domain/tax';
import type { EInvoiceFormat } from '#shared/domain/e-invoice-format';
import type { LogoInfo } from '#shared/domain/logo';
import type { ReminderPolicy } from '#shared/domain/reminder-policy';
import type { LateFeePolicy } from '#shared/domain/late-fee-policy';
import type { ExchangeRateDate } from '#shared/domain/exchange-rate';
import type { PaymentReferenceScheme } from '#shared/domain/payment-reference';

/** An account of the organization's whose bank statements it imports. */
export type BankAccount = { iban: string; name?: string };

export type Organization = SellerProfile & {
  id: string;
  name: string;
  subscription_tier: string;
  subscription_status: string;
  default_currency: string;
  invoice_prefix: string;
  /** Absent: the prefix before six digits, never reset (numberingOf). */
  invoice_numbering?: NumberingFormat;
  /** Absent: `CN-` and six digits, never reset (creditNoteNumberingOf). */
  credit_note_numbering?: NumberingFormat;
  /** Absent: `Q-` and six digits, never reset (quoteNumberingOf). */
  quote_numbering?: NumberingFormat;
  /** The stored logo's description; its bytes are an item of their own (data/organizations.ts). */
  logo?: LogoInfo;
  /** Absent: per_line. Copied onto each invoice when it is created. */
  tax_rounding?: TaxRounding;
  /** The e-invoice `send` attaches and the public page offers; absent: none. */
  e_invoice_format?: EInvoiceFormat | null;
  /** How documents are sent when the request names no channel; absent: e-mail. */
  delivery_channel?: DeliveryChannel;
  /** IANA zone of the organization's calendar dates; organizations created before zones were stored are in UTC. */
  time_zone?: string;
  /** When invoices are reminded of (docs/collections.md); absent: never. */
  reminder_policy?: ReminderPolicy;
  /** What a late invoice is charged (docs/collections.md "Late fees"); absent: nothing. */
  late_fee_policy?: LateFeePolicy | null;
  /** Where DATEV exports book (docs/exports.md "DATEV"); null or absent: no DATEV exports. */
  datev?: DatevSettings | null;
  /** The currency of the books and of VAT (BT-6); absent: default_currency. */
  accounting_currency?: string;
  /** Which day's ECB rate an invoice in another currency takes; absent: issue_date. */
  exchange_rate_date?: ExchangeRateDate;
  /** How long what the archive writes from now on is locked (docs/archive.md); absent: 10. Only ever raised. */
  archive_retention_years?: number;
  /** The structured reference issued invoices carry (docs/reconciliation.md); absent: rf. */
  payment_reference_scheme?: PaymentReferenceScheme;
  /** The accounts whose statements may be imported (docs/reconciliation.md), IBANs in electronic form. */
  bank_accounts?: BankAccount[];
  created_at: string;
  updated_at?: string;
};

export const DEFAULT_TIME_ZONE = 'UTC';
export const timeZoneOf = (organization: Pick<Organization, 'time_zone'> | undefined) =>
  organization?.time_zone ?? DEFAULT_TIME_ZONE;

/** The currency the organization's books and VAT are kept in. */
export const accountingCurrencyOf = (organization: Pick<Organization, 'accounting_currency' | 'default_currency'>) =>
  organization.accounting_currency ?? organization.default_currency;
