// Clients as the API answers them (shared/domain/resources/client.ts).
import * as z from 'zod/mini';
import type { clientResource, createdClientResource } from '#shared/domain/resources/client';
import { buyerFields } from '#shared/http/schemas/responses/parties';
import {
  idOfResource,
  metadataResponse,
  nullableText,
  pageOf,
  type Same,
  timestamp,
} from '#shared/http/schemas/responses/common';

export const clientResponse = z
  .strictObject({
    id: idOfResource('cli'),
    ...buyerFields,
    locale: nullableText,
    reminders: z.enum(['on', 'off']),
    business: z.boolean(),
    is_active: z.boolean(),
    metadata: metadataResponse,
    created_at: timestamp,
    updated_at: timestamp,
  })
  .register(z.globalRegistry, { id: 'Client' });

/** GET of one client adds its Peppol reach, from the organization's last lookup of its id (docs/peppol.md "Lookup"). */
export const clientDetailResponse = z
  .strictObject({
    ...clientResponse.def.shape,
    peppol: z.strictObject({
      reachable: z.nullable(z.boolean()),
      checked_at: z.nullable(timestamp),
      candidate: z.nullable(z.string()),
    }),
  })
  .register(z.globalRegistry, {
    id: 'ClientDetail',
    description:
      '`peppol.reachable`: whether the last lookup of `peppol_id` found it receiving invoices (null: never looked up, or no id); ' +
      '`peppol.candidate`: the participant id the VAT number suggests where there is no `peppol_id`, to look up and set, never used to send',
  });

/** The creation answer is the short form. */
export const createdClientResponse = z
  .strictObject({
    id: idOfResource('cli'),
    name: z.string(),
    email: z.string(),
    is_active: z.boolean(),
    created_at: timestamp,
  })
  .register(z.globalRegistry, { id: 'CreatedClient' });

export const clientPage = pageOf(clientResponse).register(z.globalRegistry, { id: 'ClientPage' });

const _agree: [
  Same<z.output<typeof clientResponse>, ReturnType<typeof clientResource>>,
  Same<z.output<typeof createdClientResponse>, ReturnType<typeof createdClientResource>>,
] = [true, true];

const ageing = z.strictObject({
  current: z.string(),
  days_1_30: z.string(),
  days_31_60: z.string(),
  days_61_90: z.string(),
  over_90: z.string(),
});

export const statementResponse = z
  .strictObject({
    client: z.strictObject({ id: idOfResource('cli'), name: z.string() }),
    from: z.nullable(z.string()),
    to: z.string(),
    currencies: z.array(
      z.strictObject({
        currency: z.string(),
        opening_balance: z.string(),
        entries: z.array(
          z.strictObject({
            date: z.string(),
            type: z.enum(['invoice', 'late_fee', 'credit_note', 'payment', 'refund']),
            document_id: z.string(),
            number: z.string(),
            invoice_id: idOfResource('inv'),
            amount: z.string(),
            balance: z.string(),
          }),
        ),
        closing_balance: z.string(),
        ageing,
      }),
    ),
  })
  .register(z.globalRegistry, {
    id: 'Statement',
    description: 'A client statement of account: a running balance per currency and the open amounts by age',
  });
