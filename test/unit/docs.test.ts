// README.md and docs/*.md name only what exists: repository paths, npm scripts, CDK context keys,
// stack parameters and outputs, environment variables and routes (test/support/doc-references.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EVENT_TYPES } from '#shared/domain/events';
import {
  checkReferences,
  describeProblem,
  findReferences,
  type ReferenceKind,
  repositoryFacts,
} from '#test/support/doc-references';

const root = new URL('../../', import.meta.url);
const DOCUMENTS = [
  'README.md',
  ...readdirSync(new URL('docs/', root))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];
const facts = repositoryFacts();
const referencesIn = (file: string) => findReferences(readFileSync(new URL(file, root), 'utf8'), file, facts);

/** One wrong name of every kind, each beside right ones written the ways the docs write them. */
const PLANTED = [
  '# Planted',
  '',
  'Paths: `shared/data/nope.ts`, not `shared/data/keys.ts`, `functions/*/handler.ts:3`, `infra/local/` or `keys.ts`.',
  'Links: [gone](nope.md), not [money](api.md#money) or [the readme](../README.md).',
  'Scripts: `npm run nope`, not `npm run dev`, `npm run -s token -- --json` or `npm test`.',
  'Context: `npx cdk deploy -c nopeKey=1`, not `-c emailFrom="Billing <b@example.com>"` or `--context alarmEmail=a`.',
  'Routes: `GET /api/v1/nope/` and `DELETE /api/v1/invoices/<id>/`, not `GET/POST /api/v1/invoices/{id}/payments/`,',
  '`POST …/send/`, `GET /api/v1/public/invoices/:token/pdf/?download=1` or `/api/v1/public/`.',
  'The stack outputs `NopeOutput`, not `ApiUrl`.',
  'Parameters: `--parameters NopeParameter=x`, not `--parameters IdentityProviderIssuer=https://…`.',
  'Variables: `NOPE_SETTING`, not `TABLE_NAME`, `DEV_STATE_DIR/secrets.json`, `AWS_ENDPOINT_URL_*` or `STATUS_OF`.',
  'A constant is no variable: `STATUS_OF=1`, not `PAYMENT_PROVIDER=stripe`.',
  '',
  '| Output | Parameter |',
  '|---|---|',
  '| `NopeTableOutput` | `IdentityProviderAudience` |',
  '',
  '```sh',
  'npm run nope:fenced && npx cdk deploy -c stackName=Staging',
  '```',
  '',
  '[the data model]: data-model.md',
  '[gone too]: nope-too.md',
].join('\n');

describe('the documentation', () => {
  it.each(DOCUMENTS)('%s names only what exists', (file) => {
    expect(checkReferences(referencesIn(file), facts).map(describeProblem)).toEqual([]);
  });

  it("docs/events.md's catalog names every kind the service emits, and no other", () => {
    const text = readFileSync(new URL('docs/events.md', root), 'utf8');
    const table = text.slice(text.indexOf('| Kind | Emitted when |')).split('\n\n')[0]!.split('\n').slice(2);
    const kinds = table.flatMap((row) => [...row.split(' | ')[0]!.matchAll(/`([a-z_.]+)`/g)].map((match) => match[1]!));
    expect([...new Set(kinds)].sort()).toEqual([...EVENT_TYPES].sort());
  });

  it('every page the code cites under docs/ exists', () => {
    const sources = ['shared', 'functions', 'infra', 'bench', 'clients'].flatMap((folder) =>
      readdirSync(new URL(`${folder}/`, root), { recursive: true, encoding: 'utf8' })
        .filter((name) => name.endsWith('.ts') && !name.includes('node_modules'))
        .map((name) => `${folder}/${name}`),
    );
    const cited = sources.flatMap((file) =>
      [...readFileSync(new URL(file, root), 'utf8').matchAll(/\bdocs\/[\w-]+\.md\b/g)].map(
        (match) => `${file}: ${match[0]}`,
      ),
    );
    expect(cited.length).toBeGreaterThan(50);
    expect(cited.filter((entry) => !existsSync(new URL(entry.split(': ')[1]!, root)))).toEqual([]);
  });

  it('finds references of every kind in the documents', () => {
    const kinds = new Set(DOCUMENTS.flatMap((file) => referencesIn(file).map((reference) => reference.kind)));
    const every: ReferenceKind[] = ['path', 'script', 'context', 'parameter', 'output', 'env', 'route'];
    expect([...kinds].sort()).toEqual([...every].sort());
  });

  it('flags exactly the wrong names of a planted document', () => {
    const problems = checkReferences(findReferences(PLANTED, 'docs/planted.md', facts), facts);
    expect(problems.map(describeProblem)).toEqual([
      "docs/planted.md:3 path 'shared/data/nope.ts'",
      "docs/planted.md:4 path 'nope.md'",
      "docs/planted.md:5 script 'npm run nope'",
      "docs/planted.md:6 context '-c nopeKey=1'",
      "docs/planted.md:7 route 'GET /api/v1/nope/'",
      "docs/planted.md:7 route 'DELETE /api/v1/invoices/<id>/'",
      "docs/planted.md:9 output 'NopeOutput'",
      "docs/planted.md:10 parameter '--parameters NopeParameter=x'",
      "docs/planted.md:11 env 'NOPE_SETTING'",
      "docs/planted.md:12 env 'STATUS_OF=1'",
      "docs/planted.md:16 output 'NopeTableOutput'",
      "docs/planted.md:19 script 'npm run nope:fenced'",
      "docs/planted.md:23 path 'nope-too.md'",
    ]);
  });
});
