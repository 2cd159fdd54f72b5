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
    } else if (issue.code === 'invalid_key') {
      // A record's key that its key schema refused: say why, not only that it is invalid.
      fields[fieldPath(issue.path, prefix)] ??= issue.issues[0]?.message ?? issue.message;
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

const BRACKETED = /^([^[\]]+)\[([^[\]]+)\]$/;

/**
 * Query parameters as a schema reads them: `name[key]=value` (OpenAPI deepObject) becomes
 * `{ name: { key: value } }`. Built from entries, so no name can reach an object's prototype.
 */
export function nestedQuery(query: Record<string, string | undefined>): Record<string, unknown> {
  const flat = new Map<string, unknown>();
  const groups = new Map<string, Map<string, string | undefined>>();
  for (const [name, value] of Object.entries(query)) {
    const match = BRACKETED.exec(name);
    if (!match) flat.set(name, value);
    else {
      const group = groups.get(match[1]!) ?? new Map();
      groups.set(match[1]!, group.set(match[2]!, value));
    }
  }
  // A plain value and a group under one name is no object: the schema names the parameter.
  for (const [name, group] of groups) flat.set(name, flat.has(name) ? `${flat.get(name)}` : Object.fromEntries(group));
  return Object.fromEntries(flat);
}
