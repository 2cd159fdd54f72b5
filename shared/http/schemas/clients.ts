import { calendarDate, cursor, peppolParticipantId, listLimit, rangeInOrder, text } from '#shared/http/schemas/common';
import * as z from 'zod/mini';
import { metadata, metadataChanges, metadataFilter } from '#shared/http/schemas/metadata';
import '#shared/zod-locale';
import { DOCUMENT_LANGUAGES, isDocumentLocale } from '#shared/domain/locale';

const clientFields = {
  name: text(200),
  email: z.email('must be an e-mail address').check(z.maxLength(254)),
  phone: z.optional(text(40)),
  address: z.optional(text(500)),
  city: z.optional(text(100)),
  state: z.optional(text(100)),
  postal_code: z.optional(text(20)),
  country: z.optional(z.string().check(z.regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as "US"'))),
  /** Checked against the country (given with it or stored) by the repository. */
  tax_id: z.optional(z.string()),
  peppol_id: z.optional(peppolParticipantId),
  locale: z.optional(
    z.string().check(z.refine<string>(isDocumentLocale, `must be a BCP 47 tag in ${DOCUMENT_LANGUAGES.join(', ')}`)),
  ),
  /** `off`: the organization's reminder schedule sends this client nothing. */
  reminders: z.optional(z.enum(['on', 'off'], 'must be "on" or "off"')),
  /** A business although it has no tax_id: late fees include the fixed compensation. */
  business: z.optional(z.boolean('must be true or false')),
};

const atLeastOneField = z.refine<object>((body) => Object.keys(body).length > 0, 'must set at least one field');

export const createClientBody = z.strictObject({ ...clientFields, metadata: z.optional(metadata) });
export type CreateClientBody = z.infer<typeof createClientBody>;

export const updateClientBody = z
  .partial(
    z.strictObject({
      ...clientFields,
      /** null removes it. */
      peppol_id: z.nullable(peppolParticipantId),
      metadata: metadataChanges,
    }),
  )
  .check(atLeastOneField);
export type UpdateClientBody = z.infer<typeof updateClientBody>;

export const listClientsQuery = z.strictObject({
  limit: listLimit,
  cursor,
  is_active: z.optional(
    z.pipe(
      z.enum(['true', 'false']),
      z.transform((value: 'true' | 'false') => value === 'true'),
    ),
  ),
  metadata: metadataFilter,
});

/** A statement's period; `to` defaults to today in the organization's time zone, `from` to the first document. */
export const statementQuery = z
  .strictObject({ from: z.optional(calendarDate), to: z.optional(calendarDate) })
  .check(rangeInOrder('from', 'to'));
