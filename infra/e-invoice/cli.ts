// npm run validate:e-invoice -- [--xrechnung | --peppol] [--verbose] FILE_OR_DIR...
// Prints PASS or FAIL per file with every fatal rule (and, with --verbose, warnings), then
// "N passed, M failed"; exits 0 only when nothing failed, 2 on a usage error.
import { parseArgs } from 'node:util';
import { formatValidation, validateEInvoices } from '#shared/e-invoice-rules/validator';
import { readDocuments } from '#infra/e-invoice/documents';

const USAGE = 'usage: npm run validate:e-invoice -- [--xrechnung | --peppol] [--verbose] FILE_OR_DIR...';

async function main(): Promise<number> {
  let parsed: ReturnType<typeof parseOptions>;
  try {
    parsed = parseOptions();
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (parsed.positionals.length === 0 || (parsed.values.xrechnung && parsed.values.peppol)) {
    console.error(USAGE);
    return 2;
  }
  let files: Map<string, string>;
  try {
    files = readDocuments(parsed.positionals);
  } catch (error) {
    console.error(`cannot read ${(error as NodeJS.ErrnoException).path ?? ''}: ${(error as Error).message}`);
    return 2;
  }
  const { xrechnung, peppol } = parsed.values;
  const validation = await validateEInvoices(files, { xrechnung, peppol });
  console.log(formatValidation(validation, { verbose: parsed.values.verbose }));
  return validation.failed === 0 ? 0 : 1;
}

function parseOptions() {
  return parseArgs({
    allowPositionals: true,
    options: {
      xrechnung: { type: 'boolean', default: false },
      peppol: { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
    },
  });
}

process.exitCode = await main();
