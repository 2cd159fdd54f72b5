// One text policy at the edge: every string of a request (body keys and values, query and path
// parameters) is text that every output can carry, XML 1.0 above all; what is refused is never stored.
// No field or key is named `__proto__`: a parsed object holds it as its own, but a schema's output
// (zod drops it from records) and every object it would be copied into would not.
import { validationError } from '#shared/domain/errors';
import { RESERVED_KEY_PROBLEM } from '#shared/domain/metadata';
import { fieldPath } from '#shared/http/validation';

/** Deeper than any request the API defines (an invoice line's discount is four levels down). */
export const MAX_NESTING = 32;

const LONE_SURROGATE = /\p{Cs}/u; // in Unicode mode a proper pair is one code point, so only lone halves match
/** What XML 1.0's Char production leaves out: C0 controls but tab, LF and CR, and U+FFFE, U+FFFF. */
const NOT_XML_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

export function textProblem(text: string): string | undefined {
  if (LONE_SURROGATE.test(text)) return 'must be valid Unicode text (it has a lone surrogate escape)';
  if (NOT_XML_TEXT.test(text))
    return 'may not hold control characters other than tab, line feed and carriage return, nor U+FFFE or U+FFFF';
  return undefined;
}

/** Throws validation_error naming every field whose text breaks the policy, or the body when it nests too deep. */
export function refuseUnfitText(value: unknown, prefix = ''): void {
  const fields: Record<string, string> = {};
  const pending: { value: unknown; path: PropertyKey[] }[] = [{ value, path: [] }];
  while (pending.length > 0) {
    const { value: item, path } = pending.pop()!;
    if (path.length > MAX_NESTING)
      throw validationError({ [prefix || '(body)']: `nests deeper than ${MAX_NESTING} levels` });
    if (typeof item === 'string') {
      const problem = textProblem(item);
      if (problem) fields[fieldPath(path, prefix)] ??= problem;
    } else if (Array.isArray(item))
      item.forEach((entry, index) => pending.push({ value: entry, path: [...path, index] }));
    else if (item && typeof item === 'object')
      for (const [key, entry] of Object.entries(item)) {
        const problem = textProblem(key);
        if (problem) fields[fieldPath(path, prefix)] ??= `has a field name that ${problem}`;
        else if (key === '__proto__') fields[fieldPath([...path, key], prefix)] ??= RESERVED_KEY_PROBLEM;
        else pending.push({ value: entry, path: [...path, key] });
      }
  }
  if (Object.keys(fields).length > 0) throw validationError(fields);
}
