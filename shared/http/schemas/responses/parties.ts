// The seller and the buyer as documents show them, and the address and payment details they hold.
import * as z from 'zod/mini';
import type { buyerResource, sellerResource } from '#shared/domain/resources/invoice';
import { nullableText, type Same } from '#shared/http/schemas/responses/common';

export const postalAddress = z
  .strictObject({
    line1: z.string(),
    line2: z.optional(z.string()),
    city: z.string(),
    postal_code: z.string(),
    state: z.optional(z.string()),
    country: z.string().register(z.globalRegistry, { description: 'ISO 3166-1 alpha-2', examples: ['DE'] }),
  })
  .register(z.globalRegistry, { id: 'PostalAddress' });

export const paymentInstructions = z
  .strictObject({
    iban: z.optional(z.string()),
    bic: z.optional(z.string()),
    account_name: z.optional(z.string()),
    text: z.optional(z.string()),
  })
  .register(z.globalRegistry, { id: 'PaymentInstructions' });

const peppolId = z
  .nullable(z.string())
  .register(z.globalRegistry, { description: 'Electronic address (EN 16931 BT-34/BT-49), `scheme:value`' });

/** Who the seller is and how to pay it: the organization's profile, and what documents copy of it. */
export const sellerProfileFields = {
  address: z.nullable(postalAddress),
  tax_id: nullableText,
  registration_number: nullableText,
  email: nullableText,
  phone: nullableText,
  website: nullableText,
  payment_instructions: z.nullable(paymentInstructions),
  peppol_id: peppolId,
};

/** Who the buyer is: the client's fields, and what documents copy of them. */
export const buyerFields = {
  name: z.string(),
  email: z.string(),
  phone: nullableText,
  address: nullableText,
  city: nullableText,
  state: nullableText,
  postal_code: nullableText,
  country: nullableText,
  tax_id: nullableText,
  peppol_id: peppolId,
};

export const sellerResponse = z
  .strictObject({ name: z.string(), ...sellerProfileFields })
  .register(z.globalRegistry, { id: 'Seller', description: 'The seller as the document shows it' });

export const buyerResponse = z
  .strictObject(buyerFields)
  .register(z.globalRegistry, { id: 'Buyer', description: 'The buyer as the document shows it' });

const _agree: [
  Same<z.output<typeof sellerResponse>, ReturnType<typeof sellerResource>>,
  Same<z.output<typeof buyerResponse>, ReturnType<typeof buyerResource>>,
] = [true, true];
