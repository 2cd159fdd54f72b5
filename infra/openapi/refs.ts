// Following `$ref`s inside the OpenAPI document (docs/openapi.json), for the tests that read it.

/** `value`, or what it refers to when it is a `$ref` into the document. */
export function deref<T>(document: object, value: T | { $ref: string }): T {
  const ref = (value as { $ref?: string } | undefined)?.$ref;
  if (!ref?.startsWith('#/')) return value as T;
  return ref
    .slice(2)
    .split('/')
    .reduce((node: Record<string, unknown>, key) => node[key] as Record<string, unknown>, document as never) as T;
}
