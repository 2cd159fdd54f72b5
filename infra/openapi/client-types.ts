// The typed client's types (clients/typescript/src/schema.d.ts), generated from docs/openapi.json
// with openapi-typescript. `npm run openapi` writes them; a test regenerates them and fails on drift.
import { readFileSync, writeFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';

export const CLIENT_TYPES = 'clients/typescript/src/schema.d.ts';

const HEADER = '// Generated from docs/openapi.json by `npm run openapi`: do not edit.\n\n';

export async function clientTypes(document = JSON.parse(readFileSync('docs/openapi.json', 'utf8'))) {
  return HEADER + astToString(await openapiTS(document, { rootTypes: true, rootTypesNoSchemaPrefix: false }));
}

if (import.meta.url === `file://${process.argv[1]}`) writeFileSync(CLIENT_TYPES, await clientTypes());
