// Bank statements read as banks write them (shared/bank-statement-reader): random entries written as
// camt.053/054 of every version and as MT940, read back to what the writer was given.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readStatement } from '#shared/bank-statement-reader/read-statement';
import { UnreadableStatement } from '#shared/domain/bank-statement';
import { camtStatement, type ModelEntry, mt940Statement } from '#test/support/bank-statements';

const IBAN = 'DE89370400440532013000';
const PAYERS = ['FR1420041010050500013M02606', 'BE68539007547034', 'NL91ABNA0417164300'];
const word = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 .,+-]{0,30}[A-Za-z0-9]$/);
const date = fc
  .integer({ min: 0, max: 60 })
  .map((day) => new Date(Date.UTC(2026, 9, 1 + day)).toISOString().slice(0, 10));

const entry: fc.Arbitrary<ModelEntry> = fc.record({
  direction: fc.constantFrom('credit', 'debit'),
  amount: fc
    .tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 99 }))
    .filter(([w, f]) => w + f > 0)
    .map(([w, f]) => `${w}.${String(f).padStart(2, '0')}`),
  currency: fc.constant('EUR'),
  reversal: fc.boolean(),
  booked: fc.boolean(),
  booking_date: date,
  value_date: date,
  name: fc.option(word, { nil: null }),
  iban: fc.option(fc.constantFrom(...PAYERS), { nil: null }),
  structured: fc.option(fc.constantFrom('RF18539007547034', 'RF71 1234 5678 9', '090933755493'), { nil: null }),
  text: fc.option(word, { nil: '' }).map((text) => text ?? ''),
  servicer_reference: fc.option(fc.stringMatching(/^[A-Z0-9]{4,16}$/), { nil: null }),
  end_to_end_id: fc.option(fc.stringMatching(/^[A-Z0-9]{4,16}$/), { nil: null }),
});

const bytes = (text: string) => new TextEncoder().encode(text);

describe('a camt.053 or camt.054 statement', () => {
  it('reads back every entry as written, in every version from .02 to .08', () => {
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 12 }),
        fc.constantFrom('053', '054'),
        fc.integer({ min: 2, max: 8 }),
        (entries, kind, version) => {
          const read = readStatement(
            bytes(camtStatement(entries, { kind, version: version as 2, iban: IBAN })),
            'application/xml',
          );
          expect(read.format).toBe(`camt.${kind}`);
          expect(read.iban).toBe(IBAN);
          expect(
            read.entries.map((e) => [e.direction, e.amount, e.reversal, e.booked, e.booking_date, e.value_date]),
          ).toEqual(entries.map((e) => [e.direction, e.amount, e.reversal, e.booked, e.booking_date, e.value_date]));
          expect(
            read.entries.map((e) => [
              e.counterparty_name,
              e.counterparty_iban,
              e.remittance_text,
              e.structured_references,
              e.end_to_end_id,
            ]),
          ).toEqual(entries.map((e) => [e.name, e.iban, e.text, e.structured ? [e.structured] : [], e.end_to_end_id]));
          expect(read.entries.map((e) => e.reference_kind)).toEqual(
            entries.map((e) => (e.servicer_reference ? 'account_servicer' : 'content')),
          );
          // Every key is the file's own: entries that say the same differ by their place.
          expect(new Set(read.entries.map((e) => e.bank_reference)).size).toBe(
            new Set(entries.map((e, i) => e.servicer_reference ?? `content ${i}`)).size,
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it('keys an entry without the bank’s reference by what it says, the same in a statement that overlaps it', () => {
    const [a, b] = fc.sample(
      entry.map((e) => ({ ...e, servicer_reference: null })),
      { numRuns: 2, seed: 7 },
    ) as [ModelEntry, ModelEntry];
    const first = readStatement(
      bytes(camtStatement([a, b, b], { kind: '053', version: 2, iban: IBAN })),
      'application/xml',
    );
    const second = readStatement(
      bytes(camtStatement([b, b], { kind: '053', version: 8, iban: IBAN })),
      'application/xml',
    );
    expect(second.entries.map((e) => e.bank_reference)).toEqual(first.entries.slice(1).map((e) => e.bank_reference));
    expect(new Set(first.entries.map((e) => e.bank_reference)).size).toBe(3);
  });
});

describe('an MT940 statement', () => {
  const mtEntry = entry.map((e) => ({ ...e, booked: true }));
  it('reads back every entry as written, with German sub-fields or free text, in a SWIFT envelope or without', () => {
    fc.assert(
      fc.property(fc.array(mtEntry, { maxLength: 12 }), fc.boolean(), fc.boolean(), (entries, subFields, envelope) => {
        const read = readStatement(bytes(mt940Statement(entries, { iban: IBAN, subFields, envelope })), 'text/plain');
        expect([read.format, read.iban, read.statement_id]).toEqual(['mt940', IBAN, 'STARTUMSE']);
        expect(read.entries.map((e) => [e.direction, e.amount, e.reversal, e.value_date, e.end_to_end_id])).toEqual(
          entries.map((e) => [e.direction, e.amount, e.reversal, e.value_date, e.end_to_end_id]),
        );
        expect(read.entries.map((e) => e.remittance_text)).toEqual(
          entries.map((e) => [e.structured, e.text].filter(Boolean).join(' ')),
        );
        if (subFields)
          expect(read.entries.map((e) => [e.counterparty_name, e.counterparty_iban])).toEqual(
            entries.map((e) => [e.name, e.iban]),
          );
        expect(read.entries.map((e) => e.reference_kind)).toEqual(
          entries.map((e) => (e.servicer_reference ? 'account_servicer' : 'content')),
        );
      }),
      { numRuns: 60 },
    );
  });

  it('takes the booking date in the year nearest its value date, across the turn of a year', () => {
    const [e] = fc.sample(mtEntry, { numRuns: 1, seed: 3 }) as [ModelEntry];
    const read = readStatement(
      bytes(
        mt940Statement([{ ...e, value_date: '2026-01-02', booking_date: '2025-12-31' }], {
          iban: IBAN,
          subFields: false,
        }),
      ),
      'text/plain',
    );
    expect(read.entries[0]!.booking_date).toBe('2025-12-31');
  });
});

describe('a statement refused whole', () => {
  const [e] = fc.sample(entry, { numRuns: 1, seed: 1 }) as [ModelEntry];
  const camt = (entries: ModelEntry[]) => bytes(camtStatement(entries, { kind: '053', version: 8, iban: IBAN }));
  const reason = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      if (error instanceof UnreadableStatement) return error.reason;
      throw error;
    }
    return 'read';
  };
  it.each([
    ['three decimals', () => readStatement(camt([{ ...e, amount: '10.001' }]), 'application/xml'), 'bad_amount'],
    ['a zero entry', () => readStatement(camt([{ ...e, amount: '0.00' }]), 'application/xml'), 'bad_amount'],
    ['a negative entry', () => readStatement(camt([{ ...e, amount: '-5.00' }]), 'application/xml'), 'bad_amount'],
    [
      'a DOCTYPE (entities, XML bombs)',
      () =>
        readStatement(bytes(`<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaa">]><Document/>`), 'application/xml'),
      'unreadable',
    ],
    [
      'XML not well-formed',
      () =>
        readStatement(
          bytes('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>'),
          'application/xml',
        ),
      'unreadable',
    ],
    [
      'another ISO 20022 message',
      () =>
        readStatement(bytes('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"/>'), 'application/xml'),
      'not_a_statement',
    ],
    [
      'camt of version .09',
      () =>
        readStatement(bytes('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.09"/>'), 'application/xml'),
      'not_a_statement',
    ],
    [
      'MT940 of no IBAN',
      () => readStatement(bytes(':20:X\r\n:25:37040044/0532013000\r\n'), 'text/plain'),
      'no_account',
    ],
    [
      'MT940 with three decimals',
      () =>
        readStatement(
          bytes(mt940Statement([{ ...e, amount: '1.005' }], { iban: IBAN, subFields: false })),
          'text/plain',
        ),
      'bad_amount',
    ],
    ['MT940 not MT940', () => readStatement(bytes('hello'), 'text/plain'), 'not_a_statement'],
  ])('%s', (_, run, expected) => {
    expect(reason(run)).toBe(expected);
  });
});
