// `npm run reference -- <dir>`: the API reference as a static site, for any web server.
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { referencePage, scalarScript } from '#infra/openapi/reference-page';

const dir = process.argv[2] ?? 'dist/reference';
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'index.html'), referencePage('openapi.json', 'scalar.js'));
copyFileSync(scalarScript(), join(dir, 'scalar.js'));
copyFileSync('docs/openapi.json', join(dir, 'openapi.json'));
console.log(`API reference written to ${dir}/ (index.html, scalar.js, openapi.json)`);
