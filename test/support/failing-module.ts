// A small module that fails two calls deep, bundled by the stack-trace tests and run in a fresh
// process, as Lambda runs a function: its failure is read back through the bundle's source map.
import { errorFields, readableStack } from '#shared/observability/stack';

type Line = { amount: number };

export function totalOf(lines: Line[]): number {
  return lines.reduce((sum, line) => sum + checkedAmount(line), 0);
}

function checkedAmount(line: Line): number {
  if (line.amount < 0) throw new RangeError('an amount may not be negative');
  return line.amount;
}

/** The failure's stack as thrown and as logged. */
export function failure() {
  try {
    totalOf([{ amount: 2 }, { amount: -1 }]);
  } catch (error) {
    return { thrown: (error as Error).stack, readable: readableStack(error), fields: errorFields(error) };
  }
  throw new Error('the module did not fail');
}
