// The e-invoice validator (npm run validate:e-invoice): the official examples pass, and broken copies
// fail with the rule the break offends, in the schema, the CEN rules, the XRechnung and the Peppol rules.
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ARTEFACTS, RULES, SEF_ROOT } from '#shared/e-invoice-rules/artefacts';
import { editedSource, type ManifestEntry, saxonVersion, sha256 } from '#infra/e-invoice/compile';
import { readDocuments } from '#infra/e-invoice/documents';
import { formatValidation, type ValidationOptions, validateEInvoices } from '#shared/e-invoice-rules/validator';

const EXAMPLES = join(ARTEFACTS, 'examples');
const example = (name: string) => readFileSync(join(EXAMPLES, name), 'utf8');
const UBL = example('ubl-tc434-example1.xml');
const CII = example('CII_example1.xml');
const XR_UBL = example('xrechnung/01.01a-INVOICE_ubl.xml');
const XR_CII = example('xrechnung/01.01a-INVOICE_uncefact.xml');
const PEPPOL = example('peppol/base-example.xml');
const PEPPOL_CREDIT_NOTE = example('peppol/base-creditnote-correction.xml');

/** The rules one document breaks, as "fatal ID" / "warning ID", and its schema errors. */
async function brokenRules(xml: string, xrechnung: boolean | ValidationOptions = false) {
  const options = typeof xrechnung === 'boolean' ? { xrechnung } : xrechnung;
  const { results } = await validateEInvoices(new Map([['document.xml', xml]]), options);
  const [result] = results;
  return {
    passed: result!.passed,
    errors: result!.errors,
    rules: [...result!.fatal, ...result!.warnings].map((finding) => `${finding.severity} ${finding.id}`),
  };
}

/** `text` with `find` replaced, failing when `find` is not in it (a break that breaks nothing proves nothing). */
function edit(text: string, find: string | RegExp, replace: string): string {
  expect(text).toMatch(find);
  return text.replace(find, replace);
}

describe('the e-invoice validator', () => {
  it('passes every official example: CEN UBL and CII, and the KoSIT XRechnung examples as XRechnung', async () => {
    const cen = await validateEInvoices(readDocuments([EXAMPLES]));
    expect(formatValidation(cen)).toContain('5 passed, 0 failed');
    const xrechnung = await validateEInvoices(readDocuments([join(EXAMPLES, 'xrechnung')]), { xrechnung: true });
    expect(formatValidation(xrechnung)).toContain('2 passed, 0 failed');
    for (const result of xrechnung.results) expect(result.warnings.filter((w) => w.severity === 'warning')).toEqual([]);
  });

  it('passes the OpenPeppol examples as Peppol BIS Billing 3.0, with no warning', async () => {
    const peppol = await validateEInvoices(readDocuments([join(EXAMPLES, 'peppol')]), { peppol: true });
    expect(formatValidation(peppol)).toContain('10 passed, 0 failed');
    for (const result of peppol.results) expect(result.warnings.filter((w) => w.severity === 'warning')).toEqual([]);
  });

  it('holds a document to the Peppol rules only when asked: addresses, scheme, specification, syntax', async () => {
    const seller = /(<cac:AccountingSupplierParty>\s*<cac:Party>\s*)<cbc:EndpointID[^>]*>[^<]*<\/cbc:EndpointID>/;
    const noSeller = edit(PEPPOL, seller, '$1');
    expect((await brokenRules(noSeller)).passed).toBe(true);
    expect((await brokenRules(noSeller, { peppol: true })).rules).toEqual(['fatal PEPPOL-EN16931-R020']);
    const email = edit(PEPPOL, seller, '$1<cbc:EndpointID schemeID="EM">billing@seller.example</cbc:EndpointID>');
    expect((await brokenRules(email, { peppol: true })).rules).toContain('fatal PEPPOL-EN16931-CL008');
    const core = edit(PEPPOL, /<cbc:CustomizationID>[^<]*</, '<cbc:CustomizationID>urn:cen.eu:en16931:2017<');
    expect((await brokenRules(core, { peppol: true })).rules).toContain('fatal PEPPOL-EN16931-R004');
    const buyer = /(<cac:AccountingCustomerParty>\s*<cac:Party>\s*)<cbc:EndpointID[^>]*>[^<]*<\/cbc:EndpointID>/;
    const credit = await brokenRules(edit(PEPPOL_CREDIT_NOTE, buyer, '$1'), { peppol: true });
    expect(credit.rules).toEqual(['fatal PEPPOL-EN16931-R010']);
    const cii = await brokenRules(CII, { peppol: true });
    expect([cii.passed, cii.rules]).toEqual([false, ['fatal PEPPOL-SYNTAX']]);
    await expect(validateEInvoices(new Map([['a.xml', PEPPOL]]), { peppol: true, xrechnung: true })).rejects.toThrow(
      'exclude each other',
    );
  });

  it('fails a document that breaks the XML schema, naming the element', async () => {
    const broken = await brokenRules(edit(UBL, '<cbc:IssueDate>', '<cbc:Unknown/><cbc:IssueDate>'));
    expect(broken.passed).toBe(false);
    expect(broken.errors.join('\n')).toMatch(/schema: .*Unknown': This element is not expected/);
    const cii = await brokenRules(
      edit(CII, /<ram:TypeCode>380<\/ram:TypeCode>/, '<ram:TypeCode>380</ram:TypeCode><ram:X/>'),
    );
    expect(cii.errors.join('\n')).toMatch(/schema: .*X': This element is not expected/);
  });

  it('fails a document whose totals do not add up (BR-CO-15) or that lacks a seller name (BR-06)', async () => {
    const total = await brokenRules(edit(CII, /<ram:GrandTotalAmount>/, '<ram:GrandTotalAmount>1'));
    expect([total.passed, total.errors]).toEqual([false, []]);
    expect(total.rules).toContain('fatal BR-CO-15');
    const seller =
      /(<cac:AccountingSupplierParty>[\s\S]*?<cac:PartyLegalEntity>\s*)<cbc:RegistrationName>[^<]*<\/cbc:RegistrationName>/;
    expect((await brokenRules(edit(UBL, seller, '$1'))).rules).toContain('fatal BR-06');
  });

  it('holds a document to the XRechnung rules only when asked, with the KoSIT scenarios', async () => {
    const noBuyerReference = edit(XR_UBL, /<cbc:BuyerReference>[^<]*<\/cbc:BuyerReference>/, '');
    expect((await brokenRules(noBuyerReference)).passed).toBe(true);
    expect((await brokenRules(noBuyerReference, true)).rules).toContain('fatal BR-DE-15');
    const ciiNoReference = edit(XR_CII, /<ram:BuyerReference>[^<]*<\/ram:BuyerReference>/, '');
    expect((await brokenRules(ciiNoReference, true)).rules).toContain('fatal BR-DE-15');
    const noTelephone = edit(XR_UBL, /<cbc:Telephone>[^<]*<\/cbc:Telephone>/, '');
    expect((await brokenRules(noTelephone, true)).rules).toContain('fatal BR-DE-6');
    // A plain EN 16931 document is no XRechnung: no KoSIT scenario matches its specification identifier,
    // and the XRechnung rules still say all else it lacks.
    const plain = (await brokenRules(UBL, true)).rules;
    expect(plain).toEqual(expect.arrayContaining(['fatal XR-SCENARIO', 'fatal BR-DE-15', 'warning BR-DE-21']));
    expect((await brokenRules(UBL)).rules).not.toContain('fatal XR-SCENARIO');
    expect((await brokenRules(edit(XR_UBL, /xrechnung_3\.0/, 'xrechnung_2.3'), true)).rules).toContain(
      'fatal XR-SCENARIO',
    );
  });

  it('checks an IBAN exactly (BR-DE-19): a valid one passes, a wrong check digit warns', async () => {
    expect((await brokenRules(XR_UBL, true)).rules).not.toContain('warning BR-DE-19');
    const wrong = edit(XR_UBL, 'DE75512108001245126199', 'DE75512108001245126198');
    expect((await brokenRules(wrong, true)).rules).toContain('warning BR-DE-19');
    const ciiWrong = edit(XR_CII, 'DE75512108001245126199', 'DE75512108001245126198');
    expect((await brokenRules(ciiWrong, true)).rules).toContain('warning BR-DE-19');
  });

  it('fails what is not an e-invoice: malformed XML, another root element, a control character', async () => {
    expect((await brokenRules('<Invoice><cbc:ID>')).errors[0]).toMatch(/^not well-formed XML/);
    expect((await brokenRules('<Order xmlns="urn:x"/>')).errors).toEqual([
      'not a UBL Invoice, CreditNote or ApplicationResponse, nor a CII CrossIndustryInvoice',
    ]);
    const control = await brokenRules(edit(UBL, /<cbc:Note>/, '<cbc:Note>\u0007'));
    expect(control.passed).toBe(false);
  });

  it('fails a document the rules cannot read (an empty amount) and goes on with the others', async () => {
    const empty = edit(CII, /<ram:GrandTotalAmount>[^<]*</, '<ram:GrandTotalAmount><');
    const { results } = await validateEInvoices(
      new Map([
        ['empty.xml', empty],
        ['good.xml', CII],
      ]),
    );
    expect(results.map((result) => result.passed)).toEqual([false, true]);
    expect(results[0]!.errors.join('\n')).toMatch(/en16931 rules stopped: FORG0001/);
  });

  it('runs compiled rules made from the vendored sources, by the SaxonJS release installed', () => {
    const manifest = JSON.parse(readFileSync(join(SEF_ROOT, 'manifest.json'), 'utf8')) as Record<string, ManifestEntry>;
    const expected = Object.entries(RULES).flatMap(([set, bySyntax]) =>
      Object.values(bySyntax).map(({ source, sef }) => {
        const text = readFileSync(join(ARTEFACTS, source), 'utf8');
        editedSource(set as keyof typeof RULES, text); // each edit still finds what it replaces
        return [sef, { source, source_sha256: sha256(text), saxon_js: saxonVersion() }] as const;
      }),
    );
    for (const [sef, entry] of expected) expect(manifest[sef], sef).toMatchObject(entry);
    expect(readdirSync(SEF_ROOT).sort()).toEqual([...expected.map(([sef]) => sef), 'manifest.json'].sort());
  });
});

describe('npm run validate:e-invoice', () => {
  const dir = mkdtempSync(join(tmpdir(), 'validate-e-invoice-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = (args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((done) =>
      execFile(process.execPath, ['--import', 'tsx', 'infra/e-invoice/cli.ts', ...args], (error, stdout, stderr) =>
        done({ code: error ? Number(error.code) : 0, stdout, stderr }),
      ),
    );

  it('prints PASS or FAIL per file with each fatal rule, then the counts, and exits 1 when one failed', async () => {
    writeFileSync(join(dir, 'good.xml'), XR_UBL);
    writeFileSync(join(dir, 'broken.xml'), edit(XR_UBL, /<cbc:BuyerReference>[^<]*<\/cbc:BuyerReference>/, ''));
    const result = await run(['--xrechnung', dir]);
    expect(result.stdout.split('\n')).toEqual([
      `FAIL ${join(dir, 'broken.xml')} — 1 fatal rule(s)`,
      '  fatal BR-DE-15: [BR-DE-15] Das Element "Buyer reference" (BT-10) muss übermittelt werden.',
      `PASS ${join(dir, 'good.xml')}`,
      '1 passed, 1 failed',
      '',
    ]);
    expect(result.code).toBe(1);
    const verbose = await run(['--verbose', join(dir, 'good.xml')]);
    expect([verbose.code, verbose.stdout.split('\n').at(-2)]).toEqual([0, '1 passed, 0 failed']);
  }, 60_000);

  it('exits 2 with the usage on no file, an unknown option or a file it cannot read', async () => {
    for (const args of [[], ['--strict', 'x.xml'], [join(dir, 'missing.xml')], ['--peppol', '--xrechnung', 'x.xml']]) {
      const result = await run(args);
      expect([result.code, result.stdout], args.join(' ')).toEqual([2, '']);
      expect(result.stderr).toMatch(/usage: npm run validate:e-invoice|cannot read/);
    }
  }, 60_000);
});
