// Validates e-invoices as the official EN 16931 artefacts judge them, from npm packages alone: the XML
// schema (UBL 2.1 or CII D16B) by libxml2 compiled to WebAssembly, then the CEN rules 1.3.16 and, asked
// for, the XRechnung 3.0.2 rules or the Peppol BIS Billing 3.0.21 rules, each run by SaxonJS from its
// compiled SEF. A file passes only with a valid schema and no fatal rule; the XRechnung scenario and
// severity overrides are KoSIT's; Peppol has none (its own rules check BT-24 and BT-23).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import SaxonJS from 'saxon-js';
import { memoryPages, validateXML } from 'xmllint-wasm';
import {
  DOCUMENT_KINDS,
  type DocumentKind,
  RULES,
  type RuleSet,
  SEF_ROOT,
  type Severity,
  XRECHNUNG_SCENARIOS,
  XRECHNUNG_SEVERITY,
  XSD_ROOT,
} from '#shared/e-invoice-rules/artefacts';

export type Finding = { id: string; severity: Severity; text: string; note?: string };
export type FileResult = {
  name: string;
  passed: boolean;
  /** Why the file could not be checked at all, or what its schema check said. */
  errors: string[];
  fatal: Finding[];
  warnings: Finding[];
};
export type Validation = { results: FileResult[]; passed: number; failed: number };
/** Which rules beyond the CEN ones: the German CIUS, or Peppol BIS Billing 3.0 (UBL only). */
export type ValidationOptions = { xrechnung?: boolean; peppol?: boolean };

const SVRL = { svrl: 'http://purl.oclc.org/dsdl/svrl' };
const FINDINGS =
  "//(svrl:failed-assert | svrl:successful-report) ! map{'id': string(@id), 'flag': string(@flag), 'text': normalize-space(svrl:text)}";
const SPECIFICATION_ID =
  'string((/*/*:CustomizationID | /*/*:ExchangedDocumentContext/*:GuidelineSpecifiedDocumentContextParameter/*:ID)[1])';
/** Documents per schema run: each run holds its documents in WebAssembly memory at once. */
const SCHEMA_BATCH = 100;

const stylesheets = new Map<string, unknown>();
function stylesheet(file: string): unknown {
  if (!stylesheets.has(file)) stylesheets.set(file, JSON.parse(readFileSync(join(SEF_ROOT, file), 'utf8')));
  return stylesheets.get(file);
}

let schemaFiles: { fileName: string; contents: string }[] | undefined;
/** Every schema module, named by its path under xsd/ so that relative imports resolve among them. */
function schemas(): { fileName: string; contents: string }[] {
  schemaFiles ??= readdirSync(XSD_ROOT, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.xsd'))
    .map((file) => ({ fileName: file, contents: readFileSync(join(XSD_ROOT, file), 'utf8') }));
  return schemaFiles;
}

type Parsed = { name: string; xml: string; document?: SaxonJS.Document; kind?: DocumentKind; result: FileResult };

/** Validates `files` (name → XML text) together: each schema and rule set is loaded once for all. */
export async function validateEInvoices(
  files: Map<string, string>,
  options: ValidationOptions = {},
): Promise<Validation> {
  if (options.xrechnung && options.peppol) throw new Error('XRechnung and Peppol exclude each other');
  const parsed: Parsed[] = [];
  for (const [name, xml] of files) parsed.push(await parse(name, xml));
  for (const kind of DOCUMENT_KINDS) await checkSchema(parsed.filter((file) => file.kind === kind));
  for (const file of parsed) if (file.document && file.kind) checkRules(file, options);
  const results = parsed.map(({ result }) => ({
    ...result,
    passed: result.errors.length === 0 && result.fatal.length === 0,
  }));
  const passed = results.filter((result) => result.passed).length;
  return { results, passed, failed: results.length - passed };
}

async function parse(name: string, xml: string): Promise<Parsed> {
  const result: FileResult = { name, passed: false, errors: [], fatal: [], warnings: [] };
  try {
    const document = await SaxonJS.getResource({ text: xml, type: 'xml' });
    const root = document.documentElement;
    const kind = DOCUMENT_KINDS.find(
      (known) => known.root === root?.localName && known.namespace === root.namespaceURI,
    );
    if (!kind)
      result.errors.push('not a UBL Invoice, CreditNote or ApplicationResponse, nor a CII CrossIndustryInvoice');
    return { name, xml, document, ...(kind ? { kind } : {}), result };
  } catch (error) {
    result.errors.push(`not well-formed XML: ${(error as Error).message}`);
    return { name, xml, result };
  }
}

async function checkSchema(files: Parsed[]): Promise<void> {
  for (let start = 0; start < files.length; start += SCHEMA_BATCH) {
    const batch = files.slice(start, start + SCHEMA_BATCH);
    const [main, ...modules] = orderedSchemas(batch[0]!.kind!.schema);
    const { errors } = await validateXML({
      xml: batch.map((file, index) => ({ fileName: `document-${index}.xml`, contents: file.xml })),
      schema: [main!],
      preload: modules,
      maxMemoryPages: memoryPages.GiB,
    });
    for (const error of errors) {
      const index = Number(/^document-(\d+)\.xml/.exec(error.loc?.fileName ?? error.rawMessage)?.[1]);
      const owners = Number.isInteger(index) ? [batch[index]!] : batch;
      for (const owner of owners) owner.result.errors.push(`schema: ${error.message}`);
    }
  }
}

function orderedSchemas(main: string) {
  const all = schemas();
  return [all.find((file) => file.fileName === main)!, ...all.filter((file) => file.fileName !== main)];
}

function checkRules(file: Parsed, options: ValidationOptions): void {
  const { document, kind, result } = file as Required<Parsed>;
  const sets: RuleSet[] = [kind.rules];
  let levels: Record<string, string> = {};
  // An Invoice Response is held to its own rules alone; the options name invoices' rules.
  if (kind.rules === 'invoice_response') return runSets(sets, file, levels);
  if (options.peppol) {
    if (RULES.peppol[kind.syntax]) sets.push('peppol');
    else
      result.fatal.push({
        id: 'PEPPOL-SYNTAX',
        severity: 'fatal',
        text: `Peppol BIS Billing 3.0 is UBL 2.1 only, not a ${kind.root}`,
      });
  }
  if (options.xrechnung) {
    const specification = String(SaxonJS.XPath.evaluate(SPECIFICATION_ID, document));
    const scenario = XRECHNUNG_SCENARIOS[specification as keyof typeof XRECHNUNG_SCENARIOS];
    const overrides = scenario && XRECHNUNG_SEVERITY[`${kind.root}:${scenario}`];
    // The XRechnung rules run either way, so that a document outside every scenario shows all it lacks.
    sets.push('xrechnung');
    if (overrides) levels = overrides;
    else
      result.fatal.push({
        id: 'XR-SCENARIO',
        severity: 'fatal',
        text: `specification identifier (BT-24) "${specification}" matches no XRechnung 3.0 scenario for a ${kind.root}`,
      });
  }
  runSets(sets, file, levels);
}

function runSets(sets: RuleSet[], file: Parsed, levels: Record<string, string>): void {
  const { document, kind, result } = file as Required<Parsed>;
  for (const set of sets) {
    let report: unknown;
    try {
      report = runRules(set, kind, document);
    } catch (error) {
      // A value the rules cannot even read (an empty amount cast to a decimal): the file fails, the run goes on.
      result.errors.push(
        `${set} rules stopped: ${(error as { code?: string }).code ?? ''} ${(error as Error).message}`,
      );
      continue;
    }
    const fired = SaxonJS.XPath.evaluate(FINDINGS, report, { namespaceContext: SVRL, resultForm: 'array' }) as {
      id: string;
      flag: string;
      text: string;
    }[];
    for (const { id, flag, text } of fired) {
      const level = levels[id] ?? flag;
      const severity: Severity = level === 'fatal' || level === 'error' ? 'fatal' : (level as Severity);
      const finding: Finding = { id, severity, text };
      if (id in levels && severity !== 'fatal') finding.note = `severity ${flag} lowered to ${level} for XRechnung`;
      (severity === 'fatal' ? result.fatal : result.warnings).push(finding);
    }
  }
}

function runRules(set: RuleSet, kind: DocumentKind, document: SaxonJS.Document): unknown {
  return SaxonJS.transform(
    { stylesheetInternal: stylesheet(RULES[set][kind.syntax]!.sef), sourceNode: document, destination: 'document' },
    'sync',
  ).principalResult;
}

/** The report as the command prints it: a line per file, its fatal rules, then "N passed, M failed". */
export function formatValidation(validation: Validation, options: { verbose?: boolean } = {}): string {
  const lines: string[] = [];
  for (const result of validation.results) {
    if (result.passed) lines.push(`PASS ${result.name}`);
    else {
      const errors = result.errors.length > 0 ? `${result.errors.slice(0, 3).join('; ')}; ` : '';
      lines.push(`FAIL ${result.name} — ${errors}${result.fatal.length} fatal rule(s)`);
    }
    for (const finding of result.fatal) lines.push(`  fatal ${finding.id}: ${finding.text.slice(0, 160)}`);
    if (options.verbose)
      for (const finding of result.warnings)
        lines.push(
          `  ${finding.severity} ${finding.id}: ${finding.text.slice(0, 160)}${finding.note ? ` (${finding.note})` : ''}`,
        );
  }
  lines.push(`${validation.passed} passed, ${validation.failed} failed`);
  return lines.join('\n');
}
