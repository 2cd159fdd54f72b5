// Every answer a test receives, checked against the committed OpenAPI document: its status is one the
// operation lists, the headers it marks required are there, and the body has a documented media
// type and, for JSON, matches the schema (so error codes match the documented enum per status).
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Route } from '#functions/routes';
import { deref } from '#infra/openapi/refs';

type Header = { required?: boolean };
type Response = { headers?: Record<string, Header>; content?: Record<string, { schema: object }> };
type Operation = { responses: Record<string, Response> };
type Document = { paths: Record<string, Record<string, Operation>>; components: object };

const document = JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8')) as Document;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
const validators = new Map<string, ValidateFunction>();

function validatorOf(key: string, schema: object) {
  let validate = validators.get(key);
  if (!validate) {
    // The document's $refs point at #/components: the schema is compiled with them beside it.
    validate = ajv.compile({ ...schema, components: document.components });
    validators.set(key, validate);
  }
  return validate;
}

export type Answer = { status: number; headers: Record<string, string>; text: string; json: unknown };

/** What in `answer` the document does not promise for `route`; empty when it keeps its word. */
export function contractBreaches(route: Pick<Route, 'name' | 'method' | 'path'>, answer: Answer): string[] {
  const operation = document.paths[route.path]?.[route.method.toLowerCase()];
  if (!operation) return [`${route.method} ${route.path} is not in docs/openapi.json`];
  const response = deref<Response | undefined>(document, operation.responses[String(answer.status)]);
  if (!response) return [`status ${answer.status} is not documented (${Object.keys(operation.responses).join(', ')})`];
  const breaches: string[] = [];
  const headers = Object.fromEntries(
    Object.entries(answer.headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
  for (const [name, given] of Object.entries(response.headers ?? {})) {
    const header = deref<Header>(document, given);
    if (header.required && headers[name.toLowerCase()] === undefined) breaches.push(`header ${name} is missing`);
  }
  const mediaType = String(headers['content-type'] ?? '')
    .split(';')[0]!
    .trim();
  if (!response.content) {
    if (answer.text) breaches.push(`a body (${mediaType}) where the document promises none`);
    return breaches;
  }
  const content = response.content[mediaType];
  if (!content) return [...breaches, `media type "${mediaType}" is not one of ${Object.keys(response.content)}`];
  if (mediaType === 'application/json') {
    const validate = validatorOf(`${route.name} ${answer.status}`, content.schema);
    if (!validate(answer.json))
      breaches.push(...(validate.errors ?? []).map((error) => `body${error.instancePath} ${error.message}`));
  }
  return breaches;
}
