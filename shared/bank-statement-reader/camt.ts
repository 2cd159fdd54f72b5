// ISO 20022 camt.053 (account statement) and camt.054 (debit/credit notification), versions
// .001.02 to .001.08, read from the element tree of the hardened parser (xml-tree.ts: no DOCTYPE,
// so no entity, capped depth and size). Only what reconciliation needs is read; everything is
// looked up in the file's own namespace, so an element of another namespace is never taken for one.
import {
  keyed,
  type ReadStatement,
  type StatementEntry,
  statementAmount,
  UnreadableStatement,
} from '#shared/domain/bank-statement';
import { normalIban } from '#shared/domain/seller';
import type { XmlElement } from '#shared/e-invoice-reader/xml-tree';

const NAMESPACE = /^urn:iso:std:iso:20022:tech:xsd:camt\.(053|054)\.001\.0([2-8])$/;

const kids = (element: XmlElement | undefined, local: string) =>
  element ? element.children.filter((child) => child.local === local && child.ns === element.ns) : [];
const at = (element: XmlElement | undefined, path: string): XmlElement | undefined =>
  path.split('/').reduce<XmlElement | undefined>((current, local) => kids(current, local)[0], element);
const textAt = (element: XmlElement | undefined, path: string): string | null => {
  const value = at(element, path)?.text.trim();
  return value ? value : null;
};
const datePart = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null);

/** A party's name: `Nm` up to .07, `Pty/Nm` from .08 on. */
const nameOf = (party: XmlElement | undefined) => textAt(party, 'Nm') ?? textAt(party, 'Pty/Nm');

export function readCamt(root: XmlElement): ReadStatement {
  const version = NAMESPACE.exec(root.ns);
  if (root.local !== 'Document' || !version)
    throw new UnreadableStatement(
      'not_a_statement',
      `Not a camt.053 or camt.054 of versions 001.02 to 001.08: ${root.ns || root.local}`,
    );
  const kind = version[1] as '053' | '054';
  const message = at(root, kind === '053' ? 'BkToCstmrStmt' : 'BkToCstmrDbtCdtNtfctn');
  const reports = kids(message, kind === '053' ? 'Stmt' : 'Ntfctn');
  if (reports.length === 0) throw new UnreadableStatement('not_a_statement', 'The file holds no statement');
  const ibans = new Set(reports.map((report) => textAt(report, 'Acct/Id/IBAN')));
  if (ibans.has(null)) throw new UnreadableStatement('no_account', 'A statement names no account IBAN (Acct/Id/IBAN)');
  if (ibans.size > 1)
    throw new UnreadableStatement(
      'several_accounts',
      'The file holds statements of several accounts: import one account at a time',
    );
  const entries = reports.flatMap((report) =>
    kids(report, 'Ntry').flatMap((entry, index) => entriesOf(entry, `Ntry ${index + 1}`)),
  );
  return {
    format: kind === '053' ? 'camt.053' : 'camt.054',
    iban: normalIban([...ibans][0]!),
    statement_id: textAt(reports[0], 'Id'),
    entries: keyed(entries),
  };
}

type Unkeyed = Omit<StatementEntry, 'bank_reference' | 'reference_kind'> & {
  servicerReference: string | null;
  entryReference: string | null;
};

/** An entry, or each transaction of a batch booked as one entry that details its transactions' amounts. */
function entriesOf(entry: XmlElement, where: string): Unkeyed[] {
  const direction = directionOf(textAt(entry, 'CdtDbtInd'), where);
  const amountElement = at(entry, 'Amt');
  const currency = amountElement?.attributes.Ccy ?? '';
  if (!/^[A-Z]{3}$/.test(currency))
    throw new UnreadableStatement('unreadable', `${where}: the amount has no currency (Amt/@Ccy)`);
  const status = textAt(entry, 'Sts') ?? textAt(entry, 'Sts/Cd');
  const common = {
    direction,
    currency,
    reversal: textAt(entry, 'RvslInd') === 'true',
    booked: status === 'BOOK',
    booking_date: datePart(textAt(entry, 'BookgDt/Dt') ?? textAt(entry, 'BookgDt/DtTm')),
    value_date: datePart(textAt(entry, 'ValDt/Dt') ?? textAt(entry, 'ValDt/DtTm')),
  };
  const details = kids(at(entry, 'NtryDtls'), 'TxDtls');
  const entryServicer = textAt(entry, 'AcctSvcrRef');
  const entryReference = textAt(entry, 'NtryRef');
  if (details.length <= 1) {
    return [
      {
        ...common,
        ...statementAmount(amountElement?.text ?? '', where),
        ...detailsOf(details[0], direction),
        servicerReference: entryServicer ?? textAt(details[0], 'Refs/AcctSvcrRef'),
        entryReference,
      },
    ];
  }
  return details.map((detail, index) => {
    const own = at(detail, 'AmtDtls/TxAmt/Amt') ?? at(detail, 'Amt');
    const place = `${where} TxDtls ${index + 1}`;
    if (!own) throw new UnreadableStatement('unreadable', `${place}: a batch's transaction states no amount`);
    return {
      ...common,
      currency: own.attributes.Ccy ?? currency,
      ...statementAmount(own.text, place),
      ...detailsOf(detail, direction),
      servicerReference: textAt(detail, 'Refs/AcctSvcrRef') ?? (entryServicer ? `${entryServicer}/${index + 1}` : null),
      entryReference: entryReference ? `${entryReference}/${index + 1}` : null,
    };
  });
}

function directionOf(indicator: string | null, where: string): 'credit' | 'debit' {
  if (indicator === 'CRDT') return 'credit';
  if (indicator === 'DBIT') return 'debit';
  throw new UnreadableStatement('unreadable', `${where}: CdtDbtInd is "${indicator ?? ''}", not CRDT or DBIT`);
}

/** The other party (the debtor of a credit, the creditor of a debit) and what the transfer says. */
function detailsOf(detail: XmlElement | undefined, direction: 'credit' | 'debit') {
  const parties = at(detail, 'RltdPties');
  const side = direction === 'credit' ? 'Dbtr' : 'Cdtr';
  const iban = textAt(parties, `${side}Acct/Id/IBAN`);
  const remittance = at(detail, 'RmtInf');
  return {
    counterparty_name: nameOf(at(parties, side)),
    counterparty_iban: iban ? normalIban(iban) : null,
    structured_references: kids(remittance, 'Strd').flatMap((structured) => {
      const reference = textAt(structured, 'CdtrRefInf/Ref');
      return reference ? [reference] : [];
    }),
    remittance_text: kids(remittance, 'Ustrd')
      .map((line) => line.text.trim())
      .filter(Boolean)
      .join(' '),
    end_to_end_id: textAt(detail, 'Refs/EndToEndId'),
  };
}
