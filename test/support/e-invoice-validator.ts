// Runs the official EN 16931 validator (../shared/einvoicing/validate.sh: XML schema by xmllint, CEN
// rules by Saxon-HE) over files written to a fresh directory, and answers its report.
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';

const VALIDATE = resolve('../shared/einvoicing/validate.sh');

/**
 * The validator reads each document's report with a fresh `python3`. Behind a version manager's shim
 * (pyenv) each start costs about 0.35 s against 0.05 s, so the interpreter the shim resolves to is put
 * first on the path: the same Python, started directly.
 */
function directPython(): NodeJS.ProcessEnv {
  try {
    const executable = execFileSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' });
    return { ...process.env, PATH: [dirname(executable.trim()), process.env.PATH].join(delimiter) };
  } catch {
    return process.env; // the validator says itself what it misses
  }
}

export type Validation = { output: string; failures: string[] };

/** Validates `files` (name → XML) in one batch: one JVM compiles the rules once. */
export async function validateEInvoices(files: Map<string, string>): Promise<Validation> {
  const dir = mkdtempSync(join(tmpdir(), 'e-invoices-'));
  try {
    for (const [name, xml] of files) writeFileSync(join(dir, name), xml);
    const output = await new Promise<string>((done) =>
      execFile(
        'bash',
        [VALIDATE, dir],
        { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, env: directPython() },
        (error, stdout) => done(stdout || String(error)),
      ),
    );
    const failures = output.split('\n').filter((line) => line.startsWith('FAIL') || line.startsWith('  fatal'));
    return { output, failures };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
