// What changed between two versions of the OpenAPI document, sorted into breaking and non-breaking
// for API users: `npm run openapi` writes them into docs/api-changelog.md. Written here because the
// diff tools on npm read OpenAPI 3.0 only (docs/api.md "Changes to the contract").
import { deref } from '#infra/openapi/refs';

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
};
type Parameter = { name: string; in: string; required?: boolean };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema: Schema }> }>;
  security?: unknown;
  'x-scope'?: string;
};
type Document = {
  paths?: Record<string, Record<string, Operation>>;
  webhooks?: Record<string, Record<string, Operation>>;
};

export type Changes = { breaking: string[]; nonBreaking: string[] };

/** Direction: a request is what clients send (narrowing it breaks them); a response is what they read. */
type Direction = 'request' | 'response';

/** A schema without its null option (`anyOf` with null, or a type list with "null"), and whether it had one. */
function shapeOf(document: Document, given: Schema): { schema: Schema; nullable: boolean } {
  let schema = deref<Schema>(document, given);
  // A value that is always null (a list's `next` before it paged) could always be null.
  let nullable = schema.type === 'null';
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.some((option) => option.type === 'null')) {
    nullable = true;
    const rest = options.filter((option) => option.type !== 'null');
    if (rest.length === 1) schema = deref<Schema>(document, rest[0]!);
  }
  if (Array.isArray(schema.type) && schema.type.includes('null')) {
    nullable = true;
    const rest = schema.type.filter((type) => type !== 'null');
    schema = { ...schema, type: rest.length === 1 ? rest[0] : rest };
  }
  return { schema, nullable };
}

function compareSchemas(
  documents: [Document, Document],
  [before, after]: [Schema | undefined, Schema | undefined],
  where: string,
  direction: Direction,
  changes: Changes,
  depth = 0,
) {
  if (!before || !after || depth > 8) return;
  const [old, now] = [shapeOf(documents[0], before), shapeOf(documents[1], after)];
  if (old.nullable !== now.nullable) {
    const widened = now.nullable;
    (widened === (direction === 'request') ? changes.nonBreaking : changes.breaking).push(
      `${where} ${widened ? 'may now be null' : 'is no longer nullable'}`,
    );
  }
  const [a, b] = [old.schema, now.schema];
  if (a.type && b.type && JSON.stringify(a.type) !== JSON.stringify(b.type)) {
    changes.breaking.push(`${where} changed type from ${JSON.stringify(a.type)} to ${JSON.stringify(b.type)}`);
    return;
  }
  if (a.enum && b.enum) {
    const removed = a.enum.filter((value) => !b.enum!.includes(value));
    const added = b.enum.filter((value) => !a.enum!.includes(value));
    if (removed.length) changes.breaking.push(`${where} no longer has ${removed.map(String).join(', ')}`);
    if (added.length) changes.nonBreaking.push(`${where} gained ${added.map(String).join(', ')}`);
  }
  // Fields compare only where both sides list them: an object described for the first time is not a change of fields.
  if (a.properties && b.properties)
    for (const name of new Set([...Object.keys(a.properties), ...Object.keys(b.properties)])) {
      const field = `${where}.${name}`;
      const [was, is] = [a.properties?.[name], b.properties?.[name]];
      const [wasRequired, isRequired] = [a.required?.includes(name) ?? false, b.required?.includes(name) ?? false];
      // Request objects are strict: a field clients still send is refused once it is gone.
      if (was && !is) changes.breaking.push(`${field} removed`);
      else if (!was && is)
        (direction === 'request' && isRequired ? changes.breaking : changes.nonBreaking).push(
          `${field} added${isRequired && direction === 'request' ? ' (required)' : ''}`,
        );
      else {
        if (wasRequired !== isRequired) {
          const breaks = direction === 'request' ? isRequired : !isRequired;
          (breaks ? changes.breaking : changes.nonBreaking).push(
            `${field} is ${isRequired ? 'now' : 'no longer'} required`,
          );
        }
        compareSchemas(documents, [was, is], field, direction, changes, depth + 1);
      }
    }
  if (a.items && b.items) compareSchemas(documents, [a.items, b.items], `${where}[]`, direction, changes, depth + 1);
}

const json = (body: { content?: Record<string, { schema: Schema }> } | undefined) =>
  body?.content?.['application/json']?.schema;

/** An event's payload is read by the receiver: it changes the way an answer does. */
function compareOperations(
  documents: [Document, Document],
  [a, b]: [Operation, Operation],
  where: string,
  changes: Changes,
  webhook = false,
) {
  const parameters = (operation: Operation) =>
    new Map((operation.parameters ?? []).map((parameter) => [`${parameter.in} ${parameter.name}`, parameter]));
  const [was, is] = [parameters(a), parameters(b)];
  for (const [key, parameter] of is)
    if (!was.has(key))
      (parameter.required ? changes.breaking : changes.nonBreaking).push(`${where}: ${key} parameter added`);
    else if (parameter.required && !was.get(key)!.required) changes.breaking.push(`${where}: ${key} is now required`);
  for (const key of was.keys()) if (!is.has(key)) changes.breaking.push(`${where}: ${key} parameter removed`);
  if (a['x-scope'] !== b['x-scope'])
    changes.breaking.push(`${where}: needs ${b['x-scope']} instead of ${a['x-scope']}`);
  const sent = webhook ? (['payload', 'response'] as const) : (['request', 'request'] as const);
  compareSchemas(documents, [json(a.requestBody), json(b.requestBody)], `${where} ${sent[0]}`, sent[1], changes);
  const success = (operation: Operation) => Object.keys(operation.responses ?? {}).find((status) => status < '400');
  const [okBefore, okAfter] = [success(a), success(b)];
  if (okBefore !== okAfter) changes.breaking.push(`${where}: succeeds with ${okAfter} instead of ${okBefore}`);
  else if (okBefore) {
    const [answerBefore, answerAfter] = [a.responses![okBefore], b.responses![okBefore]].map((response, i) =>
      deref<{ content?: Record<string, { schema: Schema }> }>(documents[i]!, response!),
    );
    compareSchemas(documents, [json(answerBefore), json(answerAfter)], `${where} answer`, 'response', changes);
  }
}

/** The changes from `before` to `after`, each one line. */
export function contractChanges(before: Document, after: Document): Changes {
  const changes: Changes = { breaking: [], nonBreaking: [] };
  const documents: [Document, Document] = [before, after];
  for (const section of ['paths', 'webhooks'] as const) {
    const [a, b] = [before[section] ?? {}, after[section] ?? {}];
    for (const path of new Set([...Object.keys(a), ...Object.keys(b)]))
      for (const method of new Set([...Object.keys(a[path] ?? {}), ...Object.keys(b[path] ?? {})])) {
        const where = section === 'paths' ? `${method.toUpperCase()} ${path}` : `the ${path} event`;
        const [was, is] = [a[path]?.[method], b[path]?.[method]];
        if (was && !is) changes.breaking.push(`${where} removed`);
        else if (!was && is) changes.nonBreaking.push(`${where} added`);
        else compareOperations(documents, [was!, is!], where, changes, section === 'webhooks');
      }
  }
  return changes;
}

/** The changelog with `changes` added under its Unreleased heading (created when missing). */
export function withChanges(changelog: string, changes: Changes): string {
  if (!changes.breaking.length && !changes.nonBreaking.length) return changelog;
  const lines = (title: string, items: string[]) =>
    items.length ? [`### ${title}`, '', ...items.map((item) => `- ${item}`), ''] : [];
  const entry = [...lines('Breaking', changes.breaking), ...lines('Non-breaking', changes.nonBreaking)].join('\n');
  const heading = '## Unreleased\n\n';
  const at = changelog.indexOf(heading);
  if (at >= 0) return `${changelog.slice(0, at + heading.length)}${entry}\n${changelog.slice(at + heading.length)}`;
  const firstSection = changelog.indexOf('\n## ');
  const [head, rest] =
    firstSection >= 0 ? [changelog.slice(0, firstSection + 1), changelog.slice(firstSection + 1)] : [changelog, ''];
  return `${head.trimEnd()}\n\n${heading}${entry}\n${rest}`;
}
