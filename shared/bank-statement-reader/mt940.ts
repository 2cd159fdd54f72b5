// SWIFT MT940 (customer statement), read by hand: the one npm parser (mt940js) reads amounts into
// floating point and has had no release since 2019 (docs/reconciliation.md "Why the readers are
// hand-written"). The file is text of tagged fields (`:61:` an entry, `:86:` what it says); a SWIFT
// envelope ({1:…}{4:…-}) around it is taken off. Lines beyond the limits are refused, not cut.
import { keyed, type ReadStatement, statementAmount, UnreadableStatement } from '#shared/domain/bank-statement';
import { ibanProblem, normalIban } from '#shared/domain/seller';

type Field = { tag: string; value: string };

const MAX_LINE = 512;

/** The fields of the text, continuation lines joined to the field they continue with a newline. */
function fieldsOf(text: string): Field[] {
  const body = text.includes('{4:') ? text.slice(text.indexOf('{4:') + 3) : text;
  const fields: Field[] = [];
  for (const [index, line] of body.split(/\r?\n/).entries()) {
    if (line.length > MAX_LINE)
      throw new UnreadableStatement('unreadable', `Line ${index + 1} is longer than ${MAX_LINE} characters`);
    const tagged = /^:(\d{2}[A-Z]?):(.*)$/.exec(line);
    if (tagged) fields.push({ tag: tagged[1]!, value: tagged[2]! });
    else if (/^-\}?\s*$/.test(line) || line.trim() === '') continue;
    else if (fields.length > 0) fields.at(-1)!.value += `\n${line}`;
    else throw new UnreadableStatement('not_a_statement', 'The file does not start with an MT940 field such as :20:');
  }
  return fields;
}

const yearOf = (yy: string) => (Number(yy) > 79 ? 1900 : 2000) + Number(yy);
const dateOf = (yymmdd: string) => `${yearOf(yymmdd.slice(0, 2))}-${yymmdd.slice(2, 4)}-${yymmdd.slice(4, 6)}`;

/** The booking date (MMDD) in the year that puts it nearest the value date. */
function bookingDate(value: string, mmdd: string | undefined): string {
  if (!mmdd) return value;
  const year = Number(value.slice(0, 4));
  const candidates = [year - 1, year, year + 1].map((y) => `${y}-${mmdd.slice(0, 2)}-${mmdd.slice(2, 4)}`);
  const distance = (date: string) => Math.abs(Date.parse(date) - Date.parse(value));
  return candidates.reduce((best, date) => (distance(date) < distance(best) ? date : best));
}

/** The IBAN in `:25:` (alone, or after a BIC or bank code and a slash). */
function ibanOf(account: string): string {
  for (const token of account.split(/[/\s]+/)) if (token && !ibanProblem(token)) return normalIban(token);
  throw new UnreadableStatement('no_account', `The account ":25:${account}" names no IBAN`);
}

const ENTRY =
  /^(\d{6})(\d{4})?(R?[CD])([A-Z])?(\d{1,15},\d*)([NFS][A-Z0-9]{3})([^\n]*?)(?:\/\/([^\n]{1,16}))?(?:\n[\s\S]*)?$/;

/** What `:86:` says: German banks' `?nn` sub-fields (remittance ?20–?29 and ?60–?63, ?31 IBAN, ?32–?33 name), or free text. */
function informationOf(value: string | undefined) {
  const text = (value ?? '').replace(/\n/g, '');
  if (!/^\d{3}\?/.test(text)) return { remittance_text: text.trim(), counterparty_name: null, counterparty_iban: null };
  const sub = new Map<number, string>();
  for (const [, code, content] of text.slice(3).matchAll(/\?(\d{2})([^?]*)/g)) sub.set(Number(code), content!);
  const joined = (codes: number[]) => codes.map((code) => sub.get(code) ?? '').join('');
  const iban = sub.get(31)?.trim();
  return {
    remittance_text: joined([20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 60, 61, 62, 63]).trim(),
    counterparty_name: joined([32, 33]).trim() || null,
    counterparty_iban: iban && !ibanProblem(iban) ? normalIban(iban) : null,
  };
}

export function readMt940(text: string): ReadStatement {
  const fields = fieldsOf(text);
  const accounts = new Set(fields.filter((field) => field.tag === '25').map((field) => ibanOf(field.value.trim())));
  if (accounts.size === 0) throw new UnreadableStatement('no_account', 'The file has no account field :25:');
  if (accounts.size > 1)
    throw new UnreadableStatement(
      'several_accounts',
      'The file holds statements of several accounts: import one account at a time',
    );
  const entries: Parameters<typeof keyed>[0][number][] = [];
  let currency = '';
  for (const [index, field] of fields.entries()) {
    if (field.tag === '60F' || field.tag === '60M') currency = /^[CD]\d{6}([A-Z]{3})/.exec(field.value)?.[1] ?? '';
    if (field.tag !== '61') continue;
    const where: string = `Entry ${entries.length + 1} (:61:)`;
    const match = ENTRY.exec(field.value);
    if (!match)
      throw new UnreadableStatement('unreadable', `${where}: "${field.value.split('\n')[0]}" is not an MT940 entry`);
    const [, valueDate, entryDate, mark, , amount, , customer, bank] = match;
    if (!currency)
      throw new UnreadableStatement('unreadable', `${where}: no opening balance :60F: states the currency`);
    const value = dateOf(valueDate!);
    const next = fields[index + 1];
    const customerReference = customer!.trim() && customer!.trim() !== 'NONREF' ? customer!.trim() : null;
    entries.push({
      direction: mark!.endsWith('C') ? ('credit' as const) : ('debit' as const),
      ...statementAmount(amount!.replace(',', '.').replace(/\.$/, ''), where),
      currency,
      reversal: mark!.startsWith('R'),
      booked: true,
      booking_date: bookingDate(value, entryDate),
      value_date: value,
      structured_references: [],
      ...informationOf(next?.tag === '86' ? next.value : undefined),
      end_to_end_id: customerReference,
      servicerReference: bank && bank.trim() !== 'NONREF' ? bank.trim() : null,
      entryReference: null,
    });
  }
  return {
    format: 'mt940',
    iban: [...accounts][0]!,
    statement_id: fields.find((field) => field.tag === '20')?.value.trim() ?? null,
    entries: keyed(entries),
  };
}
