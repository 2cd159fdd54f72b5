// Matching against an independent model (docs/reconciliation.md "Matching"): generated camt.053,
// camt.054 and MT940 statements — payment references structured or in the text with random spacing
// and case, invoice numbers, wrong check digits, other currencies, debits, pending entries, part and
// over payments, transfers that name nothing, files imported again and days that overlap — book and
// pay exactly what a model of the rules, written here without the service's code, predicts.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { camtStatement, type ModelEntry, mt940Statement } from '#test/support/bank-statements';
import { decimal, type IssuedInvoice, minor, receivingTenant, transfer } from '#test/support/bank-matching';
import { call } from '#test/support/api';
import { outboxEvents } from '#test/support/peppol-queue';
import { deliverFromBus } from '#test/support/bus';

const INVOICES = 6;
/** Invoices no plan names: they owe the same, so a transfer of that amount by name is ambiguous. */
const UNNAMED = 2;
const CLIENT_NAME = 'Société Générale de Test';

type Naming = 'structured' | 'text_reference' | 'number' | 'wrong_check' | 'nothing';
type Plan = {
  target: number;
  naming: Naming;
  /** Of the target's amount due: all of it, part of it, or more. */
  share: 'all' | 'part' | 'over';
  cents: number;
  kind: 'credit' | 'usd' | 'debit' | 'pending' | 'reversal';
  spacing: number;
  lower: boolean;
};

const plan: fc.Arbitrary<Plan> = fc.record({
  target: fc.integer({ min: 0, max: INVOICES - 1 }),
  naming: fc.constantFrom<Naming>('structured', 'text_reference', 'number', 'wrong_check', 'nothing'),
  share: fc.constantFrom<Plan['share']>('all', 'part', 'over'),
  cents: fc.integer({ min: 1, max: 5000 }),
  kind: fc.constantFrom<Plan['kind']>('credit', 'credit', 'credit', 'credit', 'usd', 'debit', 'pending', 'reversal'),
  spacing: fc.integer({ min: 0, max: 5 }),
  lower: fc.boolean(),
});

/** A reference written as a person might: grouped by `every` characters (0: not at all), maybe lower-cased. */
const written = (compact: string, every: number, lower: boolean) => {
  const grouped = every === 0 ? compact : (compact.match(new RegExp(`.{1,${every}}`, 'g')) ?? []).join(' ');
  return lower ? grouped.toLowerCase() : grouped;
};

/** A wrong check digit pair for an RF reference. */
const wrongCheck = (compact: string) =>
  `RF${String((Number(compact.slice(2, 4)) + 1) % 100).padStart(2, '0')}${compact.slice(4)}`;

type Expected = { status: 'matched' | 'unmatched'; matches: [string, string, string][] };

describe('matching generated statements', () => {
  let book: Awaited<ReturnType<typeof receivingTenant>>;
  let invoices: IssuedInvoice[];

  beforeAll(async () => {
    book = await receivingTenant('Matching model');
    invoices = [];
    for (let index = 0; index < INVOICES + UNNAMED; index++) invoices.push(await book.issued());
  });

  it('books and pays every entry as the model of the rules says, once', async () => {
    const due = invoices.map((invoice) => minor(invoice.total_amount));
    const expected = new Map<string, Expected>();
    const compactOf = (invoice: IssuedInvoice) => invoice.payment_reference.replace(/\s+/g, '');

    /** The model: what one credit (in statement order) does, given what is due. */
    function decide(entry: ModelEntry, named: number | undefined, rule: string): Expected {
      const paysAtAll = entry.direction === 'credit' && entry.booked && !entry.reversal && entry.currency === 'EUR';
      if (!paysAtAll) return { status: 'unmatched', matches: [] };
      const amount = minor(entry.amount);
      if (named !== undefined && due[named]! > 0n) {
        const paid = amount < due[named]! ? amount : due[named]!;
        due[named] = due[named]! - paid;
        return { status: 'matched', matches: [[invoices[named]!.id, rule, decimal(paid)]] };
      }
      // The amount rule: the payer is the client by name; every invoice is the client's and in the window.
      const sameName = entry.name?.toLowerCase().replace(/\s+/g, '') === CLIENT_NAME.toLowerCase().replace(/\s+/g, '');
      const owing = due.map((left, index) => (left === amount ? index : -1)).filter((index) => index >= 0);
      if (sameName && owing.length === 1) {
        due[owing[0]!] = 0n;
        return { status: 'matched', matches: [[invoices[owing[0]!]!.id, 'amount', entry.amount]] };
      }
      return { status: 'unmatched', matches: [] };
    }

    /** An entry of the plan, and what naming it does, against the dues as they will stand. */
    function entryOf(step: Plan, mt940: boolean): { entry: ModelEntry; named?: number; rule: string } {
      const invoice = invoices[step.target]!;
      const left = due[step.target]!;
      const base = left === 0n ? minor(invoice.total_amount) : left;
      // A transfer that names nothing mostly owes what its target owes: the amount rule's own case.
      const share = step.naming === 'nothing' && step.share === 'part' ? 'all' : step.share;
      const amount =
        share === 'all'
          ? base
          : share === 'part'
            ? BigInt(Math.max(1, Number(base) - step.cents))
            : base + BigInt(step.cents);
      const kind = mt940 && step.kind === 'usd' ? 'credit' : step.kind;
      const over: Partial<ModelEntry> = {
        name: 'Nobody Ltd',
        iban: null,
        ...(kind === 'usd' ? { currency: 'USD' } : {}),
        ...(kind === 'debit' ? { direction: 'debit' } : {}),
        ...(kind === 'pending' ? { booked: false } : {}),
        ...(kind === 'reversal' ? { reversal: true } : {}),
      };
      const compact = compactOf(invoice);
      const number = step.lower ? invoice.invoice_number.toLowerCase() : invoice.invoice_number;
      switch (step.naming) {
        case 'structured':
          return mt940
            ? {
                entry: transfer(decimal(amount), { ...over, text: compact }),
                named: step.target,
                rule: 'structured_reference',
              }
            : {
                entry: transfer(decimal(amount), { ...over, structured: compact, text: 'Thanks' }),
                named: step.target,
                rule: 'structured_reference',
              };
        case 'text_reference':
          return {
            entry: transfer(decimal(amount), { ...over, text: written(compact, step.spacing, step.lower) }),
            named: step.target,
            rule: 'structured_reference',
          };
        case 'number':
          return {
            entry: transfer(decimal(amount), { ...over, text: number }),
            named: step.target,
            rule: 'invoice_number',
          };
        case 'wrong_check':
          return { entry: transfer(decimal(amount), { ...over, text: wrongCheck(compact) }), rule: '' };
        default: {
          // Names nothing, from the client by name (case and spacing changed): the amount rule's case.
          const name = step.lower ? CLIENT_NAME.toLowerCase() : CLIENT_NAME.replace(/ /g, '  ');
          return { entry: transfer(decimal(amount), { ...over, name, text: 'Merci' }), rule: '' };
        }
      }
    }

    async function importFile(text: string, type: 'application/xml' | 'text/plain') {
      const asked = await call('import-bank-statement', {
        token: book.tenant.apiKey,
        file: { bytes: new TextEncoder().encode(text), type },
      });
      expect(asked.status, asked.text).toBe(202);
      const event = (await outboxEvents(book.tenant.id, 'bank_statement.created')).find(
        (candidate) => (candidate.data.object as { id: string }).id === asked.json.id,
      )!;
      expect(await deliverFromBus(book.worker, [event])).toEqual([]);
      return (await call('get-bank-statement', { token: book.tenant.apiKey, params: { id: asked.json.id } })).json;
    }

    const plans = fc.sample(fc.array(plan, { minLength: 4, maxLength: 6 }), { numRuns: 8, seed: 6565 });
    const files: { text: string; type: 'application/xml' | 'text/plain'; entries: ModelEntry[] }[] = [];
    let previous: ModelEntry[] = [];
    for (const [round, steps] of plans.entries()) {
      const mt940 = round % 3 === 2;
      // One entry per invoice per file (the worker books a file's entries at once), and an entry that
      // names nothing alone in its file (what the amount rule finds depends on every other payment).
      const distinct = steps.filter(
        (step, index) => steps.findIndex((other) => other.target === step.target) === index,
      );
      const named = distinct.filter((step) => step.naming !== 'nothing');
      const nothing = distinct.find((step) => step.naming === 'nothing');
      for (const group of [named, nothing && !mt940 ? [nothing] : []]) {
        if (group.length === 0) continue;
        const built = group.map((step) => entryOf(step, mt940));
        // The days overlap: the last entry of the file before comes again, a duplicate.
        const overlap = previous.filter((each) => each.currency === 'EUR').slice(-1);
        const entries = [...overlap, ...built.map((each) => each.entry)];
        const text = mt940
          ? mt940Statement(entries, { iban: 'AT611904300234573201', subFields: true })
          : camtStatement(entries, {
              kind: round % 2 === 0 ? '053' : '054',
              version: ([2, 4, 8] as const)[round % 3]!,
              iban: 'AT611904300234573201',
              id: `S${round}`,
            });
        const type = mt940 ? 'text/plain' : 'application/xml';
        const modelled = built.map(({ entry, named: target, rule }) => decide(entry, target, rule));
        for (const [index, { entry }] of built.entries()) expected.set(entry.servicer_reference!, modelled[index]!);
        const job = await importFile(text, type);
        expect(job.counts, text).toEqual({
          booked: built.length,
          duplicates: overlap.length,
          matched: modelled.filter((each) => each.status === 'matched').length,
          unmatched: modelled.filter((each) => each.status === 'unmatched').length,
        });
        files.push({ text, type, entries });
        previous = entries;
      }
    }

    // Last, a transfer by name for every amount now due: the model pays those only one invoice owes.
    for (const left of [...new Set(due.filter((each) => each > 0n))]) {
      const entry = transfer(decimal(left), { name: CLIENT_NAME.toUpperCase(), iban: null, text: 'Saldo' });
      const model = decide(entry, undefined, '');
      expected.set(entry.servicer_reference!, model);
      const text = camtStatement([entry], { kind: '053', version: 8, iban: 'AT611904300234573201' });
      const job = await importFile(text, 'application/xml');
      expect(job.counts).toMatchObject({ booked: 1, matched: model.status === 'matched' ? 1 : 0 });
    }

    // The sample reaches every rule, and leaves some unmatched: the model is exercised, not skirted.
    const rules = new Set([...expected.values()].flatMap((each) => each.matches.map(([, rule]) => rule)));
    expect([...rules].sort()).toEqual(['amount', 'invoice_number', 'structured_reference']);
    expect([...expected.values()].some((each) => each.status === 'unmatched')).toBe(true);

    // A file again books nothing and pays nothing.
    const again = await importFile(files[0]!.text, files[0]!.type);
    expect(again.counts).toMatchObject({ booked: 0, matched: 0, duplicates: files[0]!.entries.length });

    const listed = [];
    let cursor: string | undefined;
    do {
      const page = await call('list-bank-transactions', {
        token: book.tenant.apiKey,
        query: { limit: '100', ...(cursor ? { cursor } : {}) },
      });
      listed.push(...page.json.results);
      cursor = page.json.next_cursor ?? undefined;
    } while (cursor);
    expect(listed).toHaveLength(expected.size);
    for (const tx of listed as {
      bank_reference: string;
      status: string;
      matches: { invoice: { id: string }; rule: string; amount: string }[];
    }[]) {
      const model = expected.get(tx.bank_reference)!;
      expect(model, tx.bank_reference).toBeDefined();
      expect({ status: tx.status, matches: tx.matches.map((m) => [m.invoice.id, m.rule, m.amount]) }).toEqual(model);
    }
    for (const [index, invoice] of invoices.entries()) {
      const read = await book.invoiceOf(invoice.id);
      expect(read.amount_due, invoice.invoice_number).toBe(decimal(due[index]!));
    }
  });
});
