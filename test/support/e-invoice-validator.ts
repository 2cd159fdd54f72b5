// The official EN 16931 validation (shared/e-invoice-rules: XML schema, CEN rules, XRechnung rules) as the tests
// read it: the printed report, its failing lines, and the rules each document fired.
import {
  formatValidation,
  type ValidationOptions,
  validateEInvoices as validate,
} from '#shared/e-invoice-rules/validator';

export type Validation = { output: string; failures: string[]; fired: Map<string, string[]> };

/**
 * Validates `files` (name → XML) in one run. With `xrechnung`, each must be a valid XRechnung 3.0 as
 * well; with `peppol`, a valid Peppol BIS Billing 3.0; `fired` lists per file every fatal rule and warning as "fatal ID" or "warning ID".
 */
export async function validateEInvoices(
  files: Map<string, string>,
  options: ValidationOptions = {},
): Promise<Validation> {
  const validation = await validate(files, options);
  const output = formatValidation(validation, { verbose: true });
  const failures = output.split('\n').filter((line) => line.startsWith('FAIL') || line.startsWith('  fatal'));
  const fired = new Map(
    validation.results.map((result) => [
      result.name,
      [...result.fatal, ...result.warnings.filter((finding) => finding.severity === 'warning')].map(
        (finding) => `${finding.severity} ${finding.id}`,
      ),
    ]),
  );
  return { output, failures, fired };
}

/** Every rule `xml` breaks as an XRechnung document ("fatal ID" or "warning ID"), schema errors first. */
export async function xrechnungViolations(xml: string): Promise<string[]> {
  const validation = await validate(new Map([['document.xml', xml]]), { xrechnung: true });
  const [result] = validation.results;
  return [
    ...result!.errors,
    ...[...result!.fatal, ...result!.warnings.filter((finding) => finding.severity === 'warning')].map(
      (finding) => `${finding.severity} ${finding.id}`,
    ),
  ];
}
