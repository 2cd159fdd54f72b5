// A received document judged by the same official artefacts the outgoing side is checked with: the
// XML schema, the CEN EN 16931 rules, and the Peppol BIS Billing or XRechnung rules where the
// document claims them (profile.ts). Fatal rules make it invalid; warnings are kept beside.
import type { IncomingProfile, IncomingValidation } from '#shared/domain/incoming-invoice';
import { validateEInvoices } from '#shared/e-invoice-rules/validator';
import { rulesOf } from '#shared/e-invoice-reader/profile';

export async function checkEInvoice(xml: string, profile: IncomingProfile): Promise<IncomingValidation> {
  const options = rulesOf(profile);
  const { results } = await validateEInvoices(new Map([['document', xml]]), options);
  const result = results[0]!;
  return {
    passed: result.passed,
    checked: [
      'schema',
      'en16931',
      ...(options.peppol ? (['peppol'] as const) : []),
      ...(options.xrechnung ? (['xrechnung'] as const) : []),
    ],
    schema_errors: result.errors,
    fatal: result.fatal.map(({ id, severity, text }) => ({ id, severity, text })),
    warnings: result.warnings.map(({ id, severity, text }) => ({ id, severity, text })),
  };
}
