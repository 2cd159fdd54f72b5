// The official validation artefacts vendored in vendor/einvoicing, and what each document kind is
// checked with: one XML schema, the CEN rules, and the XRechnung or the Peppol BIS Billing rules, each
// compiled to SaxonJS's SEF; a Peppol Invoice Response (a UBL ApplicationResponse) with its schema and
// the Peppol BIS Invoice Response 3 rules alone.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the artefacts are: beside a deployed function's bundle (ARTEFACT_FOLDERS copied), else in the repository. */
const BUNDLED = fileURLToPath(new URL('./einvoicing', import.meta.url));
export const ARTEFACTS = existsSync(join(BUNDLED, 'sef'))
  ? BUNDLED
  : fileURLToPath(new URL('../../vendor/einvoicing', import.meta.url));
/** What a function that runs the checks carries of vendor/einvoicing: the compiled rules and the schemas. */
export const ARTEFACT_FOLDERS = ['sef', 'xsd'] as const;
export const XSD_ROOT = join(ARTEFACTS, 'xsd');
export const SEF_ROOT = join(ARTEFACTS, 'sef');

export type Syntax = 'ubl' | 'cii';
export type RuleSet = 'en16931' | 'xrechnung' | 'peppol' | 'invoice_response';

/** A root element the validator knows: its syntax, schema (under xsd/) and rule files (under sef/). */
export type DocumentKind = {
  root: 'Invoice' | 'CreditNote' | 'CrossIndustryInvoice' | 'ApplicationResponse';
  namespace: string;
  syntax: Syntax;
  schema: string;
  /** The rules every document of the kind is held to; only an invoice's take Peppol BIS Billing or XRechnung too. */
  rules: 'en16931' | 'invoice_response';
};

export const DOCUMENT_KINDS: DocumentKind[] = [
  {
    root: 'Invoice',
    namespace: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
    syntax: 'ubl',
    schema: 'ubl-2.1/maindoc/UBL-Invoice-2.1.xsd',
    rules: 'en16931',
  },
  {
    root: 'CreditNote',
    namespace: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
    syntax: 'ubl',
    schema: 'ubl-2.1/maindoc/UBL-CreditNote-2.1.xsd',
    rules: 'en16931',
  },
  {
    root: 'CrossIndustryInvoice',
    namespace: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
    syntax: 'cii',
    schema: 'cii-d16b/CII/uncefact/data/standard/CrossIndustryInvoice_100pD16B.xsd',
    rules: 'en16931',
  },
  {
    root: 'ApplicationResponse',
    namespace: 'urn:oasis:names:specification:ubl:schema:xsd:ApplicationResponse-2',
    syntax: 'ubl',
    schema: 'ubl-2.1/maindoc/UBL-ApplicationResponse-2.1.xsd',
    rules: 'invoice_response',
  },
];

/**
 * The rule sources (schematron compiled to XSLT) and the SEF compiled from each. Peppol BIS Billing
 * 3.0 is bound to UBL only: its rules have no CII file.
 */
export const RULES: Record<RuleSet, Partial<Record<Syntax, { source: string; sef: string }>>> = {
  en16931: {
    ubl: { source: 'en16931/EN16931-UBL-validation.xslt', sef: 'EN16931-UBL-validation.sef.json' },
    cii: { source: 'en16931/EN16931-CII-validation.xslt', sef: 'EN16931-CII-validation.sef.json' },
  },
  xrechnung: {
    ubl: { source: 'xrechnung/XRechnung-UBL-validation.xsl', sef: 'XRechnung-UBL-validation.sef.json' },
    cii: { source: 'xrechnung/XRechnung-CII-validation.xsl', sef: 'XRechnung-CII-validation.sef.json' },
  },
  peppol: {
    ubl: { source: 'peppol/PEPPOL-EN16931-UBL.xsl', sef: 'PEPPOL-EN16931-UBL.sef.json' },
  },
  invoice_response: {
    ubl: { source: 'peppol-invoice-response/PEPPOLBIS-T111.xslt', sef: 'PEPPOLBIS-T111.sef.json' },
  },
};

/**
 * Edits made to a rule source before it is compiled, each for a difference between SaxonJS and the
 * Saxon-HE the rules were written for. SaxonJS holds xs:integer in a double, so BR-DE-19's IBAN check
 * (mod 97 of a 30-digit number) fired on valid IBANs; xs:decimal is exact in SaxonJS, as BR-DE-20 uses.
 */
export const SOURCE_EDITS: Partial<Record<RuleSet, { find: string; replace: string; count: number }[]>> = {
  xrechnung: [{ find: 'xs:integer(string-join(', replace: 'xs:decimal(string-join(', count: 2 }],
};

const XRECHNUNG_CIUS = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';

/** XRechnung 3.0 specification identifiers (BT-24) the KoSIT validator configuration accepts. */
export const XRECHNUNG_SCENARIOS = {
  [XRECHNUNG_CIUS]: 'cius',
  [`${XRECHNUNG_CIUS}#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_3.0`]: 'extension',
  [`${XRECHNUNG_CIUS}#compliant#urn:xeinkauf.de:kosit:xrechnung:cvd_0.9`]: 'cvd',
} as const;

export type Scenario = (typeof XRECHNUNG_SCENARIOS)[keyof typeof XRECHNUNG_SCENARIOS];
export type Severity = 'fatal' | 'warning' | 'information';

/**
 * The severity overrides of the KoSIT validator configuration for XRechnung (release 2026-01-31), per
 * root element and scenario. "error" makes a CEN warning fatal; a missing entry means the KoSIT
 * configuration has no such scenario for that root (a CVD-less UBL CreditNote extension, say).
 */
export const XRECHNUNG_SEVERITY: Record<string, Record<string, 'error' | 'warning' | 'information'>> = {
  'Invoice:cius': { 'BR-CL-23': 'warning', 'BR-CL-21': 'warning', 'UBL-CR-646': 'error' },
  'Invoice:extension': {
    'BR-CL-21': 'information',
    'BR-CL-23': 'warning',
    'BR-CL-24': 'information',
    'BR-CL-10': 'information',
    'BR-CL-11': 'information',
    'BR-CL-25': 'information',
    'BR-CL-26': 'information',
    'BR-CO-16': 'information',
    'UBL-CR-470': 'information',
    'UBL-CR-646': 'information',
  },
  'Invoice:cvd': { 'BR-CL-13': 'information', 'BR-CL-23': 'warning', 'BR-CL-21': 'warning', 'UBL-CR-646': 'error' },
  'CreditNote:cius': { 'BR-CL-23': 'warning', 'BR-CL-21': 'warning' },
  'CreditNote:cvd': { 'BR-CL-13': 'information', 'BR-CL-23': 'warning', 'BR-CL-21': 'warning', 'UBL-CR-646': 'error' },
  'CrossIndustryInvoice:cius': {
    'BR-CL-23': 'warning',
    'BR-CL-21': 'warning',
    'CII-SR-452': 'error',
    'CII-SR-453': 'error',
    'CII-SR-454': 'error',
  },
  'CrossIndustryInvoice:extension': {
    'BR-CL-23': 'warning',
    'BR-CL-21': 'information',
    'BR-CL-11': 'information',
    'BR-CL-10': 'information',
    'BR-CL-24': 'information',
    'BR-CL-25': 'information',
    'BR-CL-26': 'information',
    'CII-SR-452': 'error',
    'CII-SR-453': 'error',
    'CII-SR-454': 'error',
  },
  'CrossIndustryInvoice:cvd': {
    'BR-CL-13': 'information',
    'BR-CL-23': 'warning',
    'BR-CL-21': 'warning',
    'CII-SR-452': 'error',
    'CII-SR-453': 'error',
    'CII-SR-454': 'error',
  },
};
