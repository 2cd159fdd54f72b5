// BR-DE-18 as the service checks it before writing an XRechnung agrees with KoSIT's own rule: the same
// payment terms break both or neither, in UBL and in CII.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { breaksSkontoRule } from '#shared/domain/e-invoice';
import { ARTEFACTS } from '#shared/e-invoice-rules/artefacts';
import { validateEInvoices } from '#shared/e-invoice-rules/validator';

const example = (name: string) => readFileSync(join(ARTEFACTS, 'examples/xrechnung', name), 'utf8');
const TERMS = [
  'Zahlbar sofort ohne Abzug.',
  'Zahlbar innerhalb von 30 Tagen.\n#Hinweis: bitte überweisen',
  '#SKONTO#TAGE=7#PROZENT=2.00#\n',
  '#SKONTO#TAGE=7#PROZENT=2.00#',
  'Zahlbar in 30 Tagen.\n#SKONTO#TAGE=14#PROZENT=2.25#BASISBETRAG=100.00#\n',
  '#SKONTO#TAGE=7#PROZENT=2#\n',
  '  #SKONTO#TAGE=7#PROZENT=2.00#  \n',
  'Preis #1# gilt\nweiter',
  '#SKONTO#TAGE=7#PROZENT=2.00#\n#SKONTO#TAGE=14#PROZENT=1.00#\n',
  'a\r\n#x#\r\n',
  '#\n',
  '#SKONTO#TAGE=7#PROZENT=2.00#\r\n',
  '#SKONTO#TAGE=7#PROZENT=2.00#\nDanach netto.',
];

describe('BR-DE-18 (Skonto lines in the payment terms)', () => {
  it('is broken by the same terms as KoSIT’s rule says, in UBL and CII', async () => {
    const written = (terms: string) => terms.replaceAll('\r', '&#13;');
    const files = new Map<string, string>();
    TERMS.forEach((terms, index) => {
      files.set(
        `ubl-${index}`,
        example('01.01a-INVOICE_ubl.xml').replace(
          '<cbc:Note>Zahlbar sofort ohne Abzug.</cbc:Note>',
          `<cbc:Note>${written(terms)}</cbc:Note>`,
        ),
      );
      files.set(
        `cii-${index}`,
        example('01.01a-INVOICE_uncefact.xml').replace(
          '<ram:Description>Zahlbar sofort ohne Abzug.</ram:Description>',
          `<ram:Description>${written(terms)}</ram:Description>`,
        ),
      );
    });
    const { results } = await validateEInvoices(files, { xrechnung: true });
    const official = results.map((result) => result.fatal.some((finding) => finding.id === 'BR-DE-18'));
    const ours = TERMS.flatMap((terms) => [breaksSkontoRule(terms), breaksSkontoRule(terms)]);
    expect(ours).toEqual(official);
    expect(new Set(official)).toEqual(new Set([true, false]));
  });
});
