// The API reference page: Scalar's standalone bundle rendering docs/openapi.json, with every feature
// that would reach the internet switched off (fonts, the AI agent, telemetry). `npm run dev` serves it
// at /reference/; `npm run reference -- <dir>` writes it as a static site (index.html, scalar.js,
// openapi.json) to put on any web server.
import { createRequire } from 'node:module';
import { join } from 'node:path';

const PACKAGE = '@scalar/api-reference';

/** Scalar's one-file browser bundle (its package exports hide the path, so from the entry point). */
export function scalarScript(): string {
  const entry = createRequire(import.meta.url).resolve(PACKAGE);
  const root = entry.slice(0, entry.lastIndexOf(`node_modules/${PACKAGE}`) + `node_modules/${PACKAGE}`.length);
  return join(root, 'dist/browser/standalone.js');
}

const CONFIGURATION = {
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  documentDownloadType: 'json',
  // Every operation listed at once: the reference is one page to search and scroll.
  defaultOpenAllTags: true,
};

/** The page, loading the document from `documentUrl` and the bundle from `scriptUrl`. */
export const referencePage = (documentUrl: string, scriptUrl: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Invoicing service API reference</title>
</head>
<body>
<script id="api-reference" data-url="${documentUrl}" data-configuration='${JSON.stringify(CONFIGURATION)}'></script>
<script src="${scriptUrl}"></script>
</body>
</html>
`;
