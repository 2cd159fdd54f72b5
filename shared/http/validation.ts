// zod at the edge: a failed parse becomes validation_error with one message per field path,
// written the way a client addresses the field (`line_items[0].quantity`).
import type { output, ZodMiniType } from 'zod/mini';
import { validationError } from '#shared/domain/errors';

export function fieldPath(path: readonly PropertyKey[], prefix = ''): string {
  let text = prefix;
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else text += text ? `.${String(segment)}` : String(segment);
  }
  return text || '(body)';
}

export function parseOrThrow<S extends ZodMiniType>(schema: S, input: unknown, prefix = ''): output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys)
        fields[fieldPath([...issue.path, key], prefix)] ??= 'is not a field that can be set';
    } else {
      fields[fieldPath(issue.path, prefix)] ??= issue.message;
    }
  }
  throw validationError(fields);
}

/** A route that declares no query takes none: each parameter sent is named, as an unknown field is. */
export function refuseUndeclaredQuery(query: Record<string, string | undefined> | undefined): void {
  const names = Object.keys(query ?? {});
  if (names.length > 0)
    throw validationError(Object.fromEntries(names.map((name) => [name, 'is not a parameter this route takes'])));
}
