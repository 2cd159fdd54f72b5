// Bank statements written from a list of entries, as banks write them: camt.053 and camt.054 of
// versions .001.02 to .001.08, and MT940 with German `?nn` sub-fields or free text in `:86:`. The
// tests read them back and book them against the list, an independent model of what they say.
export type ModelEntry = {
  direction: 'credit' | 'debit';
  /** Decimal text with a point. */
  amount: string;
  currency: string;
  reversal: boolean;
  booked: boolean;
  booking_date: string;
  value_date: string;
  name: string | null;
  iban: string | null;
  /** A structured creditor reference (camt CdtrRefInf; MT940 has none: write it in the text). */
  structured: string | null;
  text: string;
  servicer_reference: string | null;
  end_to_end_id: string | null;
};

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const element = (name: string, content: string | null, attributes = '') =>
  content === null ? '' : `<${name}${attributes}>${content}</${name}>`;

export type CamtOptions = { kind: '053' | '054'; version: 2 | 3 | 4 | 5 | 6 | 7 | 8; iban: string; id?: string };

export function camtStatement(
  entries: readonly ModelEntry[],
  { kind, version, iban, id = 'STMT-1' }: CamtOptions,
): string {
  const ns = `urn:iso:std:iso:20022:tech:xsd:camt.${kind}.001.0${version}`;
  const party = (name: string | null) =>
    name === null ? '' : version >= 8 ? `<Pty><Nm>${escape(name)}</Nm></Pty>` : `<Nm>${escape(name)}</Nm>`;
  const ntry = (entry: ModelEntry) => {
    const side = entry.direction === 'credit' ? 'Dbtr' : 'Cdtr';
    const status = entry.booked ? 'BOOK' : 'PDNG';
    return (
      '<Ntry>' +
      element('Amt', entry.amount, ` Ccy="${entry.currency}"`) +
      element('CdtDbtInd', entry.direction === 'credit' ? 'CRDT' : 'DBIT') +
      (entry.reversal ? '<RvslInd>true</RvslInd>' : '') +
      (version >= 8 ? `<Sts><Cd>${status}</Cd></Sts>` : `<Sts>${status}</Sts>`) +
      `<BookgDt><Dt>${entry.booking_date}</Dt></BookgDt><ValDt><Dt>${entry.value_date}</Dt></ValDt>` +
      element('AcctSvcrRef', entry.servicer_reference && escape(entry.servicer_reference)) +
      '<BkTxCd/><NtryDtls><TxDtls>' +
      (entry.end_to_end_id ? `<Refs><EndToEndId>${escape(entry.end_to_end_id)}</EndToEndId></Refs>` : '') +
      (entry.name !== null || entry.iban !== null
        ? `<RltdPties>${entry.name !== null ? `<${side}>${party(entry.name)}</${side}>` : ''}` +
          (entry.iban ? `<${side}Acct><Id><IBAN>${entry.iban}</IBAN></Id></${side}Acct>` : '') +
          '</RltdPties>'
        : '') +
      '<RmtInf>' +
      (entry.text ? `<Ustrd>${escape(entry.text)}</Ustrd>` : '') +
      (entry.structured
        ? `<Strd><CdtrRefInf><Tp><CdOrPrtry><Cd>SCOR</Cd></CdOrPrtry></Tp><Ref>${escape(entry.structured)}</Ref></CdtrRefInf></Strd>`
        : '') +
      '</RmtInf></TxDtls></NtryDtls></Ntry>'
    );
  };
  const [message, report] = kind === '053' ? ['BkToCstmrStmt', 'Stmt'] : ['BkToCstmrDbtCdtNtfctn', 'Ntfctn'];
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="${ns}"><${message}>` +
    '<GrpHdr><MsgId>MSG-1</MsgId><CreDtTm>2026-11-30T18:00:00</CreDtTm></GrpHdr>' +
    `<${report}><Id>${escape(id)}</Id><CreDtTm>2026-11-30T18:00:00</CreDtTm>` +
    `<Acct><Id><IBAN>${iban}</IBAN></Id></Acct>${entries.map(ntry).join('')}</${report}></${message}></Document>`
  );
}

const yymmdd = (date: string) => date.slice(2).replace(/-/g, '');
/** MT940 wraps a field's text at 65 characters. */
const wrapped = (text: string) => text.match(/.{1,65}/g)?.join('\n') ?? '';

export type Mt940Options = { iban: string; subFields: boolean; envelope?: boolean };

export function mt940Statement(
  entries: readonly ModelEntry[],
  { iban, subFields, envelope = false }: Mt940Options,
): string {
  const currency = entries[0]?.currency ?? 'EUR';
  const lines = [':20:STARTUMSE', `:25:${iban}`, ':28C:00001/001', `:60F:C261101${currency}0,00`];
  for (const entry of entries) {
    const mark = `${entry.reversal ? 'R' : ''}${entry.direction === 'credit' ? 'C' : 'D'}`;
    const amount = entry.amount.replace('.', ',');
    const customer = entry.end_to_end_id ?? 'NONREF';
    const bank = entry.servicer_reference ? `//${entry.servicer_reference}` : '';
    lines.push(
      `:61:${yymmdd(entry.value_date)}${entry.booking_date.slice(5).replace('-', '')}${mark}${amount}NTRF${customer}${bank}`,
    );
    const text = [entry.structured, entry.text].filter(Boolean).join(' ');
    if (subFields) {
      const parts = (text.match(/.{1,27}/g) ?? []).slice(0, 10).map((part, index) => `?${20 + index}${part}`);
      const name = entry.name
        ? (entry.name.match(/.{1,27}/g) ?? []).slice(0, 2).map((part, index) => `?${32 + index}${part}`)
        : [];
      const account = entry.iban ? [`?31${entry.iban}`] : [];
      lines.push(`:86:${wrapped(`166?00SEPA-GUTSCHRIFT${parts.join('')}${account.join('')}${name.join('')}`)}`);
    } else lines.push(`:86:${wrapped(text)}`);
  }
  lines.push(`:62F:C261130${currency}0,00`);
  const body = `${lines.join('\r\n')}\r\n`;
  return envelope
    ? `{1:F01BANKDEFFXXXX0000000000}{2:O9400000000000BANKDEFFXXXX00000000000000000000N}{4:\r\n${body}-}`
    : body;
}
