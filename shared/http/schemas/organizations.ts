import { datevSettingsOf } from '#shared/domain/datev-settings';
import * as z from 'zod/mini';
import { RETENTION_YEARS } from '#shared/domain/archive';
import { DELIVERY_CHANNELS } from '#shared/domain/peppol-sending';
import { EXCHANGE_RATE_DATES } from '#shared/domain/exchange-rate';
import { isTimeZone } from '#shared/domain/dates';
import { DEFAULT_PADDING, numberingProblem } from '#shared/domain/numbering';
import { bicProblem, ibanProblem, normalIban } from '#shared/domain/seller';
import { PAYMENT_REFERENCE_SCHEMES } from '#shared/domain/payment-reference';
import { DOCUMENT_LANGUAGES, isCountryCode, isDocumentLocale } from '#shared/domain/locale';
import { currency } from '#shared/http/schemas/currency';
import { peppolParticipantId, text } from '#shared/http/schemas/common';
import { TAX_ROUNDINGS } from '#shared/domain/tax';
import { E_INVOICE_FORMATS } from '#shared/domain/e-invoice-format';
import { logoFromDataUrl } from '#shared/domain/logo';
import '#shared/zod-locale';
import { MAX_OFFSET_DAYS, MAX_REMINDER_STEPS } from '#shared/domain/reminder-policy';
import { STATUTORY_MARGIN } from '#shared/domain/late-fee-policy';

const checked = (problemOf: (value: string) => string | undefined) =>
  z.superRefine<string>((value, context) => {
    const problem = problemOf(value);
    if (problem) context.addIssue({ code: 'custom', message: problem, input: value });
  });

const country = z
  .string()
  .check(z.refine<string>(isCountryCode, 'must be an ISO 3166-1 alpha-2 country code such as "DE"'));

/** The seller profile (docs/api.md, "The organization"); every field optional, all checked. */
const sellerFields = {
  legal_name: z.optional(text(200)),
  address: z.optional(
    z.strictObject({
      line1: text(200),
      line2: z.optional(text(200)),
      city: text(100),
      postal_code: text(20),
      state: z.optional(text(100)),
      country,
    }),
  ),
  /** Checked against the country of the address (given with it or stored) by updateOrganization. */
  tax_id: z.optional(z.string()),
  registration_number: z.optional(text(50)),
  email: z.optional(z.email('must be an e-mail address').check(z.maxLength(254))),
  phone: z.optional(text(40)),
  website: z.optional(z.url({ protocol: /^https$/, error: 'must be an https:// address' }).check(z.maxLength(200))),
  payment_instructions: z.optional(
    z.strictObject({
      iban: z.optional(z.string().check(checked(ibanProblem))),
      bic: z.optional(z.string().check(checked(bicProblem))),
      account_name: z.optional(text(140)),
      text: z.optional(text(1000)),
    }),
  ),
  default_currency: z.optional(currency),
  locale: z.optional(
    z.string().check(z.refine<string>(isDocumentLocale, `must be a BCP 47 tag in ${DOCUMENT_LANGUAGES.join(', ')}`)),
  ),
  default_notes: z.optional(text(2000)),
  default_terms: z.optional(text(2000)),
  payment_term_days: z.optional(z.int().check(z.minimum(0), z.maximum(365))),
  /** null removes it. */
  peppol_id: z.optional(z.nullable(peppolParticipantId)),
};

/** At most ten accounts, each IBAN once (compared in its electronic form). */
const bankAccounts = z
  .array(z.strictObject({ iban: z.string().check(checked(ibanProblem)), name: z.optional(text(140)) }))
  .check(
    z.maxLength(10, 'must list at most 10 accounts'),
    z.refine(
      (accounts) => new Set(accounts.map((account) => normalIban(account.iban))).size === accounts.length,
      'must name each IBAN once',
    ),
  );

const numberingFormat = z
  .strictObject({
    pattern: z.string(),
    padding: z._default(z.number(), DEFAULT_PADDING),
    reset: z._default(z.enum(['never', 'yearly']), 'never'),
  })
  .check(
    z.superRefine((format, context) => {
      const problem = numberingProblem(format);
      if (problem) context.addIssue({ code: 'custom', message: problem, input: format });
    }),
  );

const offsetDays = z
  .int('must be a whole number of days')
  .check(
    z.minimum(-MAX_OFFSET_DAYS, `must be at least -${MAX_OFFSET_DAYS}`),
    z.maximum(MAX_OFFSET_DAYS, `must be at most ${MAX_OFFSET_DAYS}`),
  );

/** When invoices are reminded (docs/collections.md): steps relative to the due date, each on its own day. */
export const reminderPolicy = z
  .strictObject({
    enabled: z.boolean('must be true or false'),
    steps: z
      .array(
        z.strictObject({
          offset_days: offsetDays,
          attach_pdf: z.optional(z.boolean('must be true or false')),
          attach_e_invoice: z.optional(z.boolean('must be true or false')),
          charge_late_fee: z.optional(z.boolean('must be true or false')),
        }),
      )
      .check(z.maxLength(MAX_REMINDER_STEPS, `may hold at most ${MAX_REMINDER_STEPS} steps`)),
  })
  .check(
    z.refine<{ steps: { offset_days: number }[] }>(
      (policy) => new Set(policy.steps.map((step) => step.offset_days)).size === policy.steps.length,
      { message: 'may hold each offset_days once', path: ['steps'] },
    ),
  );

const percent = z
  .string()
  .check(
    z.regex(/^\d{1,2}(\.\d{1,2})?$/, 'must be a rate in percent from 0 to 99.99 with at most 2 decimals, as a string'),
  );

/** What a late invoice is charged (docs/collections.md "Late fees"). */
export const lateFeePolicy = z.strictObject({
  interest: z.nullable(
    z.discriminatedUnion('basis', [
      z.strictObject({ basis: z.literal('fixed'), rate: percent }),
      z.strictObject({ basis: z.literal('statutory'), margin: z._default(percent, STATUTORY_MARGIN) }),
    ]),
  ),
  compensation: z.nullable(
    z.strictObject({
      amount: z.string().check(z.regex(/^\d{1,6}(\.\d{2})?$/, 'must be an amount such as "40.00"')),
      currency,
    }),
  ),
  tax_category: z.optional(z.enum(['O', 'S', 'E'], 'must be one of O, S, E')),
  tax_rate: z.optional(percent),
});

const whole = (min: number, max: number) =>
  z
    .number()
    .check(
      z.refine<number>(
        (n) => Number.isInteger(n) && n >= min && n <= max,
        `must be a whole number from ${min} to ${max}`,
      ),
    );
const account = z.string().check(z.regex(/^\d{4,9}$/, 'must be an account number of 4 to 9 digits'));

const datevSettings = z.pipe(
  z.strictObject({
    consultant_number: whole(1001, 9_999_999),
    client_number: whole(1, 99_999),
    fiscal_year_start_month: z.optional(whole(1, 12)),
    account_length: z.optional(whole(4, 8)),
    debtor_account: z.optional(account),
    /** By standard rate ("19", "7") or by tax category (E, AE, K, G, O, Z), and `other`. */
    revenue_accounts: z.optional(
      z.record(
        z
          .string()
          .check(
            z.regex(/^(\d{1,3}(\.\d{1,4})?|E|AE|K|G|O|Z|other)$/, 'must be a rate such as 19, a tax category or other'),
          ),
        account,
      ),
    ),
    chart: z.optional(z.enum(['03', '04'], 'must be "03" (SKR03) or "04" (SKR04)')),
  }),
  z.transform(datevSettingsOf),
);

export const updateOrganizationBody = z
  .strictObject({
    name: z.optional(text(200)),
    /** The zone the organization's dates are in: recurring runs, reports. */
    time_zone: z.optional(
      z.string().check(z.refine<string>(isTimeZone, 'must be a time zone name such as "Europe/Berlin" or "UTC"')),
    ),
    ...sellerFields,
    /** How new invoices round tax: each line to the cent, or once per rate (docs/invoices.md). */
    /** A `data:` URL of a PNG or JPEG; null removes the logo. */
    logo: z.optional(
      z.nullable(
        z.pipe(
          z.string(),
          z.transform((text: string, context) => {
            const read = logoFromDataUrl(text);
            if ('logo' in read) return read.logo;
            context.issues.push({ code: 'custom', message: read.problem, input: text });
            return z.NEVER;
          }),
        ),
      ),
    ),
    /** The e-invoice `send` attaches and the public page offers; null: none. */
    e_invoice_format: z.optional(
      z.nullable(z.enum(E_INVOICE_FORMATS, `must be one of ${E_INVOICE_FORMATS.join(', ')}`)),
    ),
    /** How send routes send when the request names no channel (docs/peppol.md "Sending"). */
    delivery_channel: z.optional(z.enum(DELIVERY_CHANNELS, `must be one of ${DELIVERY_CHANNELS.join(', ')}`)),
    tax_rounding: z.optional(z.enum(TAX_ROUNDINGS, `must be one of ${TAX_ROUNDINGS.join(', ')}`)),
    /** How new invoice numbers print and when they restart (docs/api.md, "The organization"). */
    invoice_numbering: z.optional(numberingFormat),
    /** The same for credit notes, a series of their own. */
    credit_note_numbering: z.optional(numberingFormat),
    /** The same for quotes (docs/quotes.md). */
    quote_numbering: z.optional(numberingFormat),
    reminder_policy: z.optional(reminderPolicy),
    late_fee_policy: z.optional(z.nullable(lateFeePolicy)),
    /** The currency the organization keeps its books and VAT in (BT-6); invoices issued later take it. */
    accounting_currency: z.optional(currency),
    /** Which day's ECB rate an invoice in another currency takes (docs/invoices.md "Foreign currency"). */
    exchange_rate_date: z.optional(z.enum(EXCHANGE_RATE_DATES, `must be one of ${EXCHANGE_RATE_DATES.join(', ')}`)),
    /** Where DATEV exports book (docs/exports.md "DATEV"); null removes the settings. */
    datev: z.optional(z.nullable(datevSettings)),
    /** Years what the archive writes from now on stays locked (docs/archive.md): 6 to 30, only ever raised. */
    archive_retention_years: z.optional(
      z
        .int(`must be a whole number of years from ${RETENTION_YEARS.min} to ${RETENTION_YEARS.max}`)
        .check(
          z.minimum(RETENTION_YEARS.min, `must be at least ${RETENTION_YEARS.min} years`),
          z.maximum(RETENTION_YEARS.max, `must be at most ${RETENTION_YEARS.max} years`),
        ),
    ),
    /** The structured reference invoices issued from now on carry (docs/reconciliation.md). */
    payment_reference_scheme: z.optional(
      z.enum(PAYMENT_REFERENCE_SCHEMES, `must be one of ${PAYMENT_REFERENCE_SCHEMES.join(', ')}`),
    ),
    /** The accounts whose statements may be imported; the list given replaces the one stored. */
    bank_accounts: z.optional(bankAccounts),
  })
  .check(z.refine<object>((body) => Object.keys(body).length > 0, 'must set at least one field'));
