// Imported bank statements and their transactions as the API answers them (shared/domain/resources/bank-statement.ts).
import * as z from 'zod/mini';
import { STATEMENT_FORMATS } from '#shared/domain/bank-statement';
import { IMPORT_STATUSES, MATCH_RULES, TRANSACTION_STATUSES } from '#shared/domain/bank-transaction';
import type { bankStatementResource, bankTransactionResource } from '#shared/domain/resources/bank-statement';
import {
  calendarDate,
  currency,
  idOfResource,
  money,
  nullableText,
  pageOf,
  type Same,
  sha256,
  timestamp,
} from '#shared/http/schemas/responses/common';

const count = z.number();

export const bankStatementResponse = z
  .strictObject({
    id: idOfResource('bst'),
    status: z.enum(IMPORT_STATUSES),
    format: z.enum(STATEMENT_FORMATS),
    /** The account, in electronic form: one of the organization's bank_accounts. */
    iban: z.string(),
    /** The statement's own id, as the bank named it. */
    statement_id: nullableText,
    /** The file as received, kept in the archive. */
    sha256,
    size: count,
    entries: count,
    entries_done: count,
    /** booked: new transactions; duplicates: entries booked already (by this file before, or another). */
    counts: z.strictObject({ booked: count, duplicates: count, matched: count, unmatched: count }),
    failure: nullableText,
    created_at: timestamp,
    completed_at: z.nullable(timestamp),
  })
  .register(z.globalRegistry, { id: 'BankStatement' });

export const bankTransactionResponse = z
  .strictObject({
    id: idOfResource('btx'),
    status: z.enum(TRANSACTION_STATUSES),
    /** A credit left unmatched, a reversal: for a person to look at. */
    needs_review: z.boolean(),
    iban: z.string(),
    /** The bank's key for the entry: its reference, the entry's, or a hash of what it says (reference_kind). */
    bank_reference: z.string(),
    reference_kind: z.enum(['account_servicer', 'entry', 'content']),
    direction: z.enum(['credit', 'debit']),
    amount: z.string(),
    currency,
    reversal: z.boolean(),
    booked: z.boolean(),
    booking_date: z.nullable(calendarDate),
    value_date: z.nullable(calendarDate),
    counterparty: z.strictObject({ name: nullableText, iban: nullableText }),
    remittance: z.strictObject({ structured: z.array(z.string()), text: z.string() }),
    end_to_end_id: nullableText,
    /** The import that booked it first. */
    statement: idOfResource('bst'),
    /** The payments it made (a debit: the refund), each with the rule that matched it. */
    matches: z.array(
      z.strictObject({
        invoice: z.strictObject({ id: idOfResource('inv'), number: z.string() }),
        /** The payment it made; null for a refund. */
        payment: z.nullable(idOfResource('pay')),
        /** Rule `refund`: the refund it recorded on the credit note its text names. */
        refund: z.nullable(idOfResource('ref')),
        credit_note: z.nullable(z.strictObject({ id: idOfResource('cn'), number: z.string() })),
        amount: money,
        rule: z.enum(MATCH_RULES),
      }),
    ),
    /** What it paid beyond the amounts due. */
    unapplied: money,
    /** A credit no rule matched: up to three invoices it may pay, best first (score 1–100), and why. */
    suggestions: z.array(
      z.strictObject({
        invoice: z.strictObject({ id: idOfResource('inv'), number: z.string() }),
        score: z.int().check(z.minimum(1), z.maximum(100)),
        why: z.string(),
      }),
    ),
    booked_at: timestamp,
  })
  .register(z.globalRegistry, { id: 'BankTransaction' });

export const bankTransactionPage = pageOf(bankTransactionResponse);

const _agree: [
  Same<z.output<typeof bankStatementResponse>, ReturnType<typeof bankStatementResource>>,
  Same<z.output<typeof bankTransactionResponse>, ReturnType<typeof bankTransactionResource>>,
] = [true, true];
