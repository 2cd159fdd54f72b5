// API keys and the organization as the API answers them (shared/domain/resources).
import * as z from 'zod/mini';
import { DELIVERY_CHANNELS } from '#shared/domain/peppol-sending';
import { EXCHANGE_RATE_DATES } from '#shared/domain/exchange-rate';
import { API_KEY_PREFIX } from '#shared/domain/api-key';
import { ALL_SCOPES } from '#shared/domain/scopes';
import { ROLES } from '#shared/domain/roles';
import { TAX_ROUNDINGS } from '#shared/domain/tax';
import { E_INVOICE_FORMATS } from '#shared/domain/e-invoice-format';
import type { apiKeyResource } from '#shared/domain/resources/api-key';
import type { organizationResource } from '#shared/domain/resources/organization';
import { sellerProfileFields } from '#shared/http/schemas/responses/parties';
import { PAYMENT_REFERENCE_SCHEMES } from '#shared/domain/payment-reference';
import {
  pageOf,
  currency,
  idOfResource,
  nullableText,
  type Same,
  timestamp,
} from '#shared/http/schemas/responses/common';

const apiKeyFields = {
  id: idOfResource('key'),
  name: z.string(),
  prefix: z.string(),
  hint: z.string(),
  scopes: z.array(z.enum(ALL_SCOPES)),
  status: z.enum(['active', 'disabled', 'revoked', 'expired']),
  created_by: z.string(),
  /** The maker's role when they made the key (null on keys made before it was recorded). */
  created_by_role: z.nullable(z.enum(ROLES)),
  created_at: timestamp,
  expires_at: z.nullable(timestamp),
  last_used_at: z.nullable(timestamp),
  /** Requests per UTC day, newest first, for the last 30 days. */
  usage: z.array(z.strictObject({ date: z.string(), requests: z.number() })),
};

export const apiKeyResponse = z.strictObject(apiKeyFields).register(z.globalRegistry, { id: 'ApiKey' });

/** On creation only: the secret, shown once. */
export const apiKeyWithSecretResponse = z
  .strictObject({
    ...apiKeyFields,
    secret: z
      .string()
      .check(z.startsWith(API_KEY_PREFIX))
      .register(z.globalRegistry, { examples: [`${API_KEY_PREFIX}3Wq8kT2vN9xR4mB7cY1zL5pH6jD0fG`] }),
  })
  .register(z.globalRegistry, { id: 'ApiKeyWithSecret' });

export const apiKeyList = pageOf(apiKeyResponse).register(z.globalRegistry, { id: 'ApiKeyList' });

const numbering = z.strictObject({ pattern: z.string(), padding: z.number(), reset: z.enum(['never', 'yearly']) });

export const organizationResponse = z
  .strictObject({
    id: idOfResource('org'),
    name: z.string(),
    subscription_tier: z.string(),
    subscription_status: z.string(),
    default_currency: currency,
    time_zone: z.string(),
    invoice_numbering: numbering,
    credit_note_numbering: numbering,
    quote_numbering: numbering,
    tax_rounding: z.enum(TAX_ROUNDINGS),
    legal_name: nullableText,
    ...sellerProfileFields,
    e_invoice_format: z.nullable(z.enum(E_INVOICE_FORMATS)),
    delivery_channel: z.enum(DELIVERY_CHANNELS),
    logo: z.nullable(
      // The logo's types, written out: the logo module carries an image decoder no answer needs (Same checks them).
      z.strictObject({
        content_type: z.enum(['image/png', 'image/jpeg']),
        size: z.number(),
        width: z.number(),
        height: z.number(),
      }),
    ),
    locale: z.string(),
    default_notes: z.string(),
    default_terms: z.string(),
    payment_term_days: z.number(),
    reminder_policy: z.strictObject({
      enabled: z.boolean(),
      steps: z.array(
        z.strictObject({
          offset_days: z.number(),
          attach_pdf: z.optional(z.boolean()),
          attach_e_invoice: z.optional(z.boolean()),
          charge_late_fee: z.optional(z.boolean()),
        }),
      ),
    }),
    datev: z.nullable(
      z.strictObject({
        consultant_number: z.number(),
        client_number: z.number(),
        fiscal_year_start_month: z.number(),
        account_length: z.number(),
        debtor_account: z.string(),
        revenue_accounts: z.record(z.string(), z.string()),
        chart: z.enum(['03', '04']),
      }),
    ),
    late_fee_policy: z.nullable(
      z.strictObject({
        interest: z.nullable(
          z.union([
            z.strictObject({ basis: z.literal('fixed'), rate: z.string() }),
            z.strictObject({ basis: z.literal('statutory'), margin: z.string() }),
          ]),
        ),
        compensation: z.nullable(z.strictObject({ amount: z.string(), currency: z.string() })),
        tax_category: z.optional(z.enum(['O', 'S', 'E'])),
        tax_rate: z.optional(z.string()),
      }),
    ),
    accounting_currency: currency,
    exchange_rate_date: z.enum(EXCHANGE_RATE_DATES),
    /** Years what the archive writes from now on stays locked (docs/archive.md); absent in a PATCH: unchanged. */
    archive_retention_years: z.number(),
    /** The structured reference invoices issued from now on carry (docs/reconciliation.md). */
    payment_reference_scheme: z.enum(PAYMENT_REFERENCE_SCHEMES),
    /** The accounts whose statements may be imported, IBANs in electronic form. */
    bank_accounts: z.array(z.strictObject({ iban: z.string(), name: z.nullable(z.string()) })),
    created_at: timestamp,
  })
  .register(z.globalRegistry, { id: 'Organization' });

const _agree: [
  Same<z.output<typeof apiKeyResponse>, ReturnType<typeof apiKeyResource>>,
  Same<z.output<typeof organizationResponse>, ReturnType<typeof organizationResource>>,
] = [true, true];
