// What README.md and docs/*.md name, checked against what the repository has: repository paths,
// npm scripts, CDK context keys, stack parameters and outputs, environment variables and routes.
// findReferences reads one document (no file system), repositoryFacts gathers what exists once,
// checkReferences compares the two.
import { readdirSync, readFileSync } from 'node:fs';
import { posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROUTES } from '#functions/routes';

export type ReferenceKind = 'path' | 'script' | 'context' | 'parameter' | 'output' | 'env' | 'route';

type Located = { file: string; line: number; text: string };

export type Reference = Located &
  (
    | {
        kind: 'path';
        /** Repository-relative; `*` and `**` are globs; a trailing `/` asks for a directory. */
        path: string;
      }
    | { kind: 'script' | 'context' | 'parameter' | 'output'; name: string }
    | {
        kind: 'env';
        name: string;
        /** Written as a variable (`NAME=…`, `NAME/…`, "environment variable"): a constant won't do. */
        explicit: boolean;
      }
    | {
        kind: 'route';
        /** The methods written; none: any method. */
        methods: string[];
        path: string;
        /** `exact`: the whole path; `suffix`: the `…/x/` shorthand; `prefix`: a bare `/api/v1/…`. */
        match: 'exact' | 'suffix' | 'prefix';
      }
  );

export type Problem = Located & { kind: ReferenceKind };

export type RepositoryFacts = {
  /** Top-level entries a path in the docs may start with (generated and ignored ones left out). */
  topLevel: ReadonlySet<string>;
  /** .gitignore, as patterns over repository-relative paths. */
  ignored: readonly RegExp[];
  files: ReadonlySet<string>;
  directories: ReadonlySet<string>;
  scripts: ReadonlySet<string>;
  contextKeys: ReadonlySet<string>;
  parameters: ReadonlySet<string>;
  outputs: ReadonlySet<string>;
  /** Variables the code reads, and the few other tools own. */
  envVars: ReadonlySet<string>;
  /** ALL_CAPS names the code declares or writes as strings (constants, key prefixes): not environment variables. */
  codeNames: ReadonlySet<string>;
  routes: readonly { method: string; path: string }[];
};

export const describeProblem = (problem: Problem) =>
  `${problem.file}:${problem.line} ${problem.kind} '${problem.text}'`;

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Never walked, never a path the docs can mean: dependencies, git, and what tools generate. */
const SKIPPED = new Set(['node_modules', '.git', 'cdk.out', '.local', '.vitest', '.bench']);

/** Variables other tools own that the docs name and no code of ours reads. */
const FOREIGN_ENV = [
  // The AWS SDK's endpoint for DynamoDB: infra/local, the tests and rebuild-revenue set it for DynamoDB Local.
  'AWS_ENDPOINT_URL_DYNAMODB',
  // Set by the Lambda runtime for X-Ray; Powertools reads it (docs/performance.md).
  '_X_AMZN_TRACE_ID',
];

/** These two files name wrong things on purpose (the planted document): their names are not the code's. */
const CHECKER_SOURCES = new Set(['test/support/doc-references.ts', 'test/unit/docs.test.ts']);

const METHOD = '(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)';
/** A method (or several, `POST/GET`) and a path or `…/` shorthand; `<id>` may hold spaces (`<event id>`). */
const ROUTE = new RegExp(
  `\\b(${METHOD}(?:/${METHOD})*)\\s+((?:…)?/(?:<[^>\\n]*>|\\{[^}\\n]*\\}|[^\\s\`<>{}|,;)\\]])*)`,
  'g',
);
const NPM_RUN = /\bnpm\s+(?:run|run-script)\s+(?:-{1,2}[a-z][\w-]*\s+)*(\w[\w:.-]*)/g;
const NPM_SHORTCUT = /\bnpm\s+(test|t|start|stop|restart)\b/g;
const VALUE = `("[^"\\n]*"|'[^'\\n]*'|[^\\s\`'"]*)`;
const CONTEXT = new RegExp(`(?:^|[\\s\`'"(])((?:-c|--context)(?:\\s+|=)([A-Za-z@][\\w@/:.-]*)=${VALUE})`, 'g');
const PARAMETER = new RegExp(
  `(?:^|[\\s\`'"(])(--parameters(?:\\s+|=)(?:[\\w-]+:)?([A-Za-z][A-Za-z0-9]*)=${VALUE})`,
  'g',
);
const OUTPUT_KEY = /OutputKey\s*==\s*(['"`]?)([A-Za-z][A-Za-z0-9]*)\1/g;
/** `-c name=value` and `--parameters Name=value` describe the syntax, they name nothing. */
const PLACEHOLDER = (key: string, value: string) => /^(name|key)$/i.test(key) && /^(<?value>?)$/i.test(value);

const ENV_NAME = /^(?:\*|_?[A-Z][A-Z0-9]*)(?:_(?:[A-Z0-9]+|\*))+$/;
const ENV_PHRASE = /\benvironment variables?\b|\benv vars?\b/i;
const PASCAL = /^[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+$/;
const CAMEL = /^[a-z][a-zA-Z0-9]*$/;
/** A bare file name worth looking for anywhere in the repository (`keys.ts`, `data-model.md`). */
const BARE_FILE = /^[\w.-]+\.(?:ts|md)$/;

const escapeRegExp = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/** `*` within a segment, `**` across segments. */
function globToRegExp(glob: string): RegExp {
  const body = glob
    .split('**/')
    .map((part) => part.split('*').map(escapeRegExp).join('[^/]*'))
    .join('(?:.*/)?');
  return new RegExp(`^${body}$`);
}

function gitignorePatterns(text: string): RegExp[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#') && !line.startsWith('!'))
    .map((line) => {
      const bare = line.replace(/^\//, '').replace(/\/$/, '');
      const anchored = line.startsWith('/') || bare.includes('/');
      const body = bare
        .split('*')
        .map((part) => escapeRegExp(part).replace(/\\\?/g, '[^/]'))
        .join('[^/]*');
      return new RegExp(`${anchored ? '^' : '(?:^|/)'}${body}(?:/|$)`);
    });
}

const isIgnored = (path: string, facts: Pick<RepositoryFacts, 'ignored'>) =>
  facts.ignored.some((pattern) => pattern.test(path));

// ---------------------------------------------------------------------------------------------
// Reading a document

type Span = { line: number; column: number; content: string };

/** Which lines are inside fenced code blocks (fences included). */
function fencedLines(lines: readonly string[]): boolean[] {
  const fenced: boolean[] = [];
  let open: string | undefined;
  for (const line of lines) {
    const fence = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (open === undefined) {
      fenced.push(fence !== undefined);
      if (fence) open = fence;
    } else {
      fenced.push(true);
      if (fence && fence[0] === open[0] && fence.length >= open.length && line.trim() === fence) open = undefined;
    }
  }
  return fenced;
}

/** Groups of lines a code span may run across: paragraphs, each table row, heading and list item alone. */
function blocks(lines: readonly string[], fenced: readonly boolean[]): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  let current: { start: number; end: number } | undefined;
  lines.forEach((line, index) => {
    if (fenced[index] || line.trim() === '') {
      current = undefined;
      return;
    }
    const alone = /^\s*\|/.test(line) || /^#{1,6}\s/.test(line);
    if (current && !alone && !/^\s*(?:[-*+]|\d+[.)])\s/.test(line)) current.end = index;
    else {
      current = { start: index, end: index };
      found.push(current);
    }
    if (alone) current = undefined;
  });
  return found;
}

/** CommonMark code spans: a run of n backticks up to the next run of exactly n. */
function codeSpans(text: string): { start: number; end: number; content: string }[] {
  const runs = [...text.matchAll(/`+/g)];
  const spans: { start: number; end: number; content: string }[] = [];
  for (let i = 0; i < runs.length; i++) {
    const open = runs[i]!;
    const j = runs.findIndex((run, k) => k > i && run[0].length === open[0].length);
    if (j < 0) continue;
    const close = runs[j]!;
    let content = text.slice(open.index + open[0].length, close.index).replace(/\n/g, ' ');
    if (content.startsWith(' ') && content.endsWith(' ') && content.trim() !== '') content = content.slice(1, -1);
    spans.push({ start: open.index, end: close.index + close[0].length, content });
    i = j;
  }
  return spans;
}

function withoutPlaceholderSpaces(text: string): string {
  return text.replace(/<[^>]*>/g, (placeholder) => placeholder.replace(/\s/g, '_'));
}

/** A route path as written, without its query and trailing punctuation; null when it is no route. */
function routePath(written: string): { path: string; suffix: boolean } | null {
  const path = written.replace(/\?.*$/, '').replace(/[.:]+$/, '');
  if (path.startsWith('…/')) return { path: path.slice(1), suffix: true };
  return path.startsWith('/') ? { path, suffix: false } : null;
}

/** A repository path as written in a span, or null when the span is no repository path. */
function repositoryPath(content: string, facts: Pick<RepositoryFacts, 'topLevel' | 'ignored'>): string | null {
  if (/\s/.test(withoutPlaceholderSpaces(content))) return null;
  const path = content
    .replace(/#[\w-]*$/, '')
    .replace(/:\d+(?:[-:]\d+)?$/, '')
    .replace(/^\.\//, '')
    .replace(/<[^>]*>|\{[^}]*\}|…/g, '*');
  if (path === '') return null;
  if (!path.includes('/')) {
    if (facts.topLevel.has(path)) return path;
    return BARE_FILE.test(path) ? `**/${path}` : null;
  }
  const first = path.split('/')[0]!;
  if (!facts.topLevel.has(first) || isIgnored(path, facts)) return null;
  return path;
}

function tableHeader(lines: readonly string[], index: number): string[] | undefined {
  let first = index;
  while (first > 0 && /^\s*\|/.test(lines[first - 1] ?? '')) first--;
  if (!/^\s*\|?\s*:?-{3,}/.test(lines[first + 1] ?? '')) return undefined;
  return (lines[first] ?? '')
    .replace(/^\s*\|/, '')
    .split('|')
    .map((cell) => cell.replace(/[`*]/g, '').trim());
}

function headingAbove(lines: readonly string[], fenced: readonly boolean[], index: number): string {
  for (let k = index; k >= 0; k--) {
    const heading = !fenced[k] && /^#{1,6}\s+(.*)$/.exec(lines[k] ?? '');
    if (heading) return heading[1]!;
  }
  return '';
}

/** Every reference to a repository name in one Markdown document; `file` is repository-relative. */
export function findReferences(
  markdown: string,
  file: string,
  facts: Pick<RepositoryFacts, 'topLevel' | 'ignored'>,
): Reference[] {
  const lines = markdown.split('\n');
  const fenced = fencedLines(lines);
  const references: Reference[] = [];

  // Commands and routes, wherever they are written: prose, code spans and code blocks.
  lines.forEach((source, index) => {
    const line = index + 1;
    for (const match of source.matchAll(NPM_RUN)) {
      const name = match[1]!.replace(/[.:]+$/, '');
      references.push({ file, line, kind: 'script', text: match[0].replace(/[.:]+$/, ''), name });
    }
    for (const match of source.matchAll(NPM_SHORTCUT))
      references.push({ file, line, kind: 'script', text: match[0], name: match[1] === 't' ? 'test' : match[1]! });
    for (const match of source.matchAll(CONTEXT))
      if (!PLACEHOLDER(match[2]!, match[3]!))
        references.push({ file, line, kind: 'context', text: match[1]!, name: match[2]! });
    for (const match of source.matchAll(PARAMETER))
      if (!PLACEHOLDER(match[2]!, match[3]!))
        references.push({ file, line, kind: 'parameter', text: match[1]!, name: match[2]! });
    for (const match of source.matchAll(OUTPUT_KEY))
      references.push({ file, line, kind: 'output', text: match[0], name: match[2]! });
    for (const match of source.matchAll(ROUTE)) {
      const written = routePath(match[2]!);
      if (!written) continue;
      const text = `${match[1]} ${match[2]!.replace(/\?.*$/, '').replace(/[.:]+$/, '')}`;
      references.push({
        file,
        line,
        kind: 'route',
        text,
        methods: match[1]!.split('/'),
        path: written.path,
        match: written.suffix ? 'suffix' : 'exact',
      });
    }
  });

  // Code spans and links, in prose.
  for (const block of blocks(lines, fenced)) {
    const text = lines.slice(block.start, block.end + 1).join('\n');
    const spans = codeSpans(text);
    let masked = text;
    for (const span of spans)
      masked =
        masked.slice(0, span.start) +
        masked.slice(span.start, span.end).replace(/[^\n]/g, ' ') +
        masked.slice(span.end);
    const maskedLines = masked.split('\n');
    const at = (offset: number) => {
      const before = text.slice(0, offset);
      const row = (before.match(/\n/g) ?? []).length;
      return { index: block.start + row, row, column: offset - (before.lastIndexOf('\n') + 1) };
    };

    // Inline links `[x](target)` and reference definitions `[x]: target`.
    for (const match of masked.matchAll(
      /\[[^\]\n]*\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)|^ {0,3}\[[^\]\n]+\]:\s*<?([^\s>]+)/gm,
    )) {
      const target = (match[1] ?? match[2])!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#') || target.startsWith('/')) continue;
      const path = posix.normalize(posix.join(posix.dirname(file), target.replace(/[#?].*$/, '')));
      if (path.startsWith('..') || isIgnored(path, facts)) continue;
      references.push({ file, line: at(match.index).index + 1, kind: 'path', text: target, path });
    }

    for (const found of spans) {
      const { index, row, column } = at(found.start);
      const span: Span = { line: index + 1, column, content: found.content.trim() };
      const reference = spanReference(span, {
        file,
        lineText: maskedLines[row] ?? '',
        clause: clauseBefore(masked, found.start),
        header: /^\s*\|/.test(lines[index] ?? '') ? tableHeader(lines, index) : undefined,
        heading: headingAbove(lines, fenced, index),
        facts,
      });
      if (reference) references.push(reference);
    }
  }
  return references.sort((a, b) => a.line - b.line);
}

/** The clause a span ends: from the last `.`, `;` or `(` before it, newlines as spaces. */
function clauseBefore(masked: string, offset: number): string {
  const before = masked.slice(0, offset).replace(/\s+/g, ' ');
  const start = Math.max(before.lastIndexOf('. '), before.lastIndexOf('; '), before.lastIndexOf('('));
  return before.slice(start + 1);
}

type SpanContext = {
  file: string;
  /** The span's line (for a table, its row) with every code span blanked. */
  lineText: string;
  clause: string;
  header: string[] | undefined;
  heading: string;
  facts: Pick<RepositoryFacts, 'topLevel' | 'ignored'>;
};

/** What one code span names, if anything this check knows; commands in spans are read line by line. */
function spanReference(span: Span, context: SpanContext): Reference | null {
  const { content: text } = span;
  const located = { file: context.file, line: span.line, text };
  if (new RegExp(`^${METHOD}\\b`).test(text)) return null;

  if (text.startsWith('/api/v1/') || text.startsWith('…/')) {
    if (/\s/.test(withoutPlaceholderSpaces(text.replace(/\?.*$/, '')))) return null;
    const written = routePath(text);
    if (!written) return null;
    return { ...located, kind: 'route', methods: [], path: written.path, match: written.suffix ? 'suffix' : 'prefix' };
  }

  const path = repositoryPath(text, context.facts);
  if (path !== null) return { ...located, kind: 'path', path };

  const variable = /^([A-Z_*][A-Z0-9_*]*)(=.*|\/\S*)?$/.exec(text);
  if (variable) {
    const name = variable[1]!;
    const explicit = variable[2] !== undefined || ENV_PHRASE.test(context.lineText);
    if (ENV_NAME.test(name) || (explicit && /^[A-Z][A-Z0-9]+$/.test(name)))
      return { ...located, kind: 'env', name, explicit };
  }

  const column = context.lineText.startsWith('|')
    ? (context.lineText.slice(0, span.column).match(/\|/g) ?? []).length - 1
    : -1;
  const header = column >= 0 ? (context.header?.[column] ?? '') : '';
  if (PASCAL.test(text)) {
    if (/\boutputs?\b/i.test(context.lineText) || /^outputs?$/i.test(header))
      return { ...located, kind: 'output', name: text };
    if (/^parameters?$/i.test(header) || /\b(?:stack|cloudformation) parameters?\b|--parameters/i.test(context.clause))
      return { ...located, kind: 'parameter', name: text };
  }
  if (CAMEL.test(text) && column === 0 && /^(?:name|key)$/i.test(header) && /\bcontext\b/i.test(context.heading))
    return { ...located, kind: 'context', name: text };
  return null;
}

// ---------------------------------------------------------------------------------------------
// What the repository has

function walk(root: string, ignored: readonly RegExp[]): { files: Set<string>; directories: Set<string> } {
  const files = new Set<string>();
  const directories = new Set<string>();
  const visit = (relative: string) => {
    for (const entry of readdirSync(posix.join(root, relative), { withFileTypes: true })) {
      const path = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (SKIPPED.has(entry.name) || ignored.some((pattern) => pattern.test(path))) continue;
      if (entry.isDirectory()) {
        directories.add(path);
        visit(path);
      } else files.add(path);
    }
  };
  visit('');
  return { files, directories };
}

const collect = (texts: readonly string[], pattern: RegExp, into = new Set<string>()) => {
  for (const text of texts) for (const match of text.matchAll(pattern)) if (match[1]) into.add(match[1]);
  return into;
};

/** Context keys: `tryGetContext('key')`, and calls of helpers that hand their argument to tryGetContext. */
function contextKeysOf(sources: readonly string[]): Set<string> {
  const keys = collect(sources, /tryGetContext\(\s*['"`]([^'"`]+)['"`]/g);
  for (const source of sources)
    for (const helper of source.matchAll(
      /(?:function\s+(\w+)|(?:const|let)\s+(\w+)\s*=\s*(?:async\s*)?(?:function\s*)?)\s*\(\s*(\w+)/g,
    )) {
      const body = source.slice(helper.index, helper.index + 600);
      if (!new RegExp(`tryGetContext\\(\\s*${helper[3]}\\s*\\)`).test(body)) continue;
      collect(sources, new RegExp(`\\b${helper[1] ?? helper[2]}\\(\\s*['"\`]([^'"\`]+)['"\`]`, 'g'), keys);
    }
  return keys;
}

/** Variables the code reads: `process.env.X`, `env.X`, `env['X']`, destructuring, shell `$X`, config schema keys. */
function envVarsOf(code: readonly string[], shell: readonly string[], config: string): Set<string> {
  const read = collect(code, /\benv(?:\.|\[\s*['"])([A-Z_][A-Z0-9_]*)\b(?:['"]\s*\])?(?!\s*=[^=])/g);
  // `const { A, B: b } = process.env` reads A and B; `{ A: _a, ...rest }` only leaves A out.
  for (const source of code)
    for (const match of source.matchAll(/\{([^{}]*)\}\s*=\s*process\.env\b/g))
      for (const element of match[1]!.split(',')) {
        const named = /^\s*([A-Z_][A-Z0-9_]*)\s*(?::\s*(\w+))?/.exec(element);
        if (named && !named[2]?.startsWith('_')) read.add(named[1]!);
      }
  collect(shell, /\$\{?([A-Z_][A-Z0-9_]*)/g, read);
  // shared/config.ts: every key of its zod schemas is a variable loadConfig and its siblings parse.
  const uncommented = config.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  collect([uncommented], /(?:^|[{,\s])([A-Z][A-Z0-9_]*)\s*:/gm, read);
  return read;
}

/** Gathered once: what the checks compare the documents with. */
export function repositoryFacts(root = ROOT): RepositoryFacts {
  const read = (path: string) => readFileSync(posix.join(root, path), 'utf8');
  const ignored = gitignorePatterns(read('.gitignore'));
  const { files, directories } = walk(root, ignored);
  const topLevel = new Set(
    readdirSync(root).filter((name) => !SKIPPED.has(name) && !ignored.some((pattern) => pattern.test(name))),
  );
  const sourcesUnder = (filter: (path: string) => boolean) =>
    [...files].filter((path) => filter(path) && !CHECKER_SOURCES.has(path)).map(read);
  const code = sourcesUnder((path) => /\.(?:[cm]?[jt]s)$/.test(path));
  const shell = sourcesUnder((path) => path.startsWith('.ci/') || path.endsWith('.sh'));
  const infra = sourcesUnder((path) => path.startsWith('infra/') && path.endsWith('.ts'));
  const packageJson = JSON.parse(read('package.json')) as { scripts?: Record<string, string> };
  const cdkJson = JSON.parse(read('cdk.json')) as { context?: Record<string, unknown> };
  const apiServer = read('infra/local/api-server.ts');

  const contextKeys = contextKeysOf(infra);
  for (const key of Object.keys(cdkJson.context ?? {})) contextKeys.add(key);

  const envVars = envVarsOf(code, shell, read('shared/config.ts'));
  for (const name of FOREIGN_ENV) envVars.add(name);

  const upperName = '(_?[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)';
  const codeNames = collect(
    code,
    new RegExp(`\\b(?:const|let|var|function|class|type|interface|enum)\\s+${upperName}\\b`, 'g'),
  );
  collect(code, new RegExp(`['"\`]${upperName}(?=['"\`#])`, 'g'), codeNames);

  // Pages the local server serves beside the API: `req.method === 'GET' && (url.pathname === '/reference/' …)`.
  const localPages = [
    ...apiServer.matchAll(/req\.method === '(\w+)' && \(?((?:url\.pathname === '[^']+'[\s|]*)+)/g),
  ].flatMap((match) => [...match[2]!.matchAll(/'([^']+)'/g)].map((path) => ({ method: match[1]!, path: path[1]! })));

  return {
    topLevel,
    ignored,
    files,
    directories,
    scripts: new Set(Object.keys(packageJson.scripts ?? {})),
    contextKeys,
    parameters: collect(infra, /new\s+CfnParameter\(\s*[^,]+,\s*['"`]([^'"`]+)['"`]/g),
    outputs: collect(infra, /new\s+CfnOutput\(\s*[^,]+,\s*['"`]([^'"`]+)['"`]/g),
    envVars,
    codeNames,
    routes: [...ROUTES.map(({ method, path }) => ({ method, path })), ...localPages],
  };
}

// ---------------------------------------------------------------------------------------------
// Checking

function pathExists(path: string, facts: RepositoryFacts): boolean {
  const directoryOnly = path.endsWith('/');
  const clean = path.replace(/\/+$/, '');
  if (clean === '') return true;
  if (!clean.includes('*')) return facts.directories.has(clean) || (!directoryOnly && facts.files.has(clean));
  const pattern = globToRegExp(clean);
  const test = (candidate: string) => pattern.test(candidate);
  return [...facts.directories].some(test) || (!directoryOnly && [...facts.files].some(test));
}

const segmentsOf = (path: string) => path.split('/').filter((segment) => segment !== '');
const isParameter = (segment: string) => /^(?:<.*>|\{.*\}|:.+|\*|…)$/.test(segment);

function routeMatches(written: string[], route: string[], match: 'exact' | 'suffix' | 'prefix'): boolean {
  if (written.length > route.length || (match === 'exact' && written.length !== route.length)) return false;
  const offset = match === 'suffix' ? route.length - written.length : 0;
  return written.every((segment, i) => {
    const actual = route[offset + i]!;
    return segment === actual || isParameter(segment) || /^\{.*\}$/.test(actual);
  });
}

function envVarExists(reference: { name: string; explicit: boolean }, facts: RepositoryFacts): boolean {
  if (reference.name.includes('*')) {
    const pattern = globToRegExp(reference.name);
    return [...facts.envVars].some((name) => pattern.test(name));
  }
  return facts.envVars.has(reference.name) || (!reference.explicit && facts.codeNames.has(reference.name));
}

function exists(reference: Reference, facts: RepositoryFacts): boolean {
  switch (reference.kind) {
    case 'path':
      return pathExists(reference.path, facts);
    case 'script':
      return facts.scripts.has(reference.name);
    case 'context':
      return facts.contextKeys.has(reference.name);
    case 'parameter':
      return facts.parameters.has(reference.name);
    case 'output':
      return facts.outputs.has(reference.name);
    case 'env':
      return envVarExists(reference, facts);
    case 'route': {
      const written = segmentsOf(reference.path);
      const served = (method?: string) =>
        facts.routes.some(
          (route) =>
            (method === undefined || route.method === method) &&
            routeMatches(written, segmentsOf(route.path), reference.match),
        );
      return reference.methods.length === 0 ? served() : reference.methods.every(served);
    }
  }
}

/** The references that name nothing the repository has. */
export function checkReferences(references: readonly Reference[], facts: RepositoryFacts): Problem[] {
  return references
    .filter((reference) => !exists(reference, facts))
    .map(({ file, line, kind, text }) => ({ file, line, kind, text }));
}
