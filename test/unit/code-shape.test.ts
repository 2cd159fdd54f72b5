// The shape docs/architecture.md promises a newcomer: small files and functions, and handlers that
// call one operation. The layering itself is checked by `npm run lint:layers`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SOURCE_FOLDERS = ['shared', 'functions', 'infra', 'bench'];
/** Tables whose length is their content: the route table and the translations of document labels. */
const TABLES = new Set(['functions/routes.ts', 'shared/documents/labels.ts']);
const MAX_FILE_LINES = 400;
const MAX_FUNCTION_LINES = 80;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !path.endsWith('.d.ts') ? [path] : [];
  });
}

const files = SOURCE_FOLDERS.flatMap(sourceFiles).filter((file) => !TABLES.has(file));

/** Every function, method and constructor longer than the limit, as `file:line name (lines)`. */
function longFunctions(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (last - first + 1 > MAX_FUNCTION_LINES) found.push(`${file}:${first + 1} (${last - first + 1} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the code', () => {
  it(`has no source file over ${MAX_FILE_LINES} lines outside the route and label tables`, () => {
    const long = files.filter((file) => readFileSync(file, 'utf8').split('\n').length > MAX_FILE_LINES);
    expect(long).toEqual([]);
  });

  it(`has no function over ${MAX_FUNCTION_LINES} lines`, () => {
    expect(files.flatMap(longFunctions)).toEqual([]);
  });

  it('has handlers that call at most one operation', () => {
    const operation = /from '#shared\/(invoicing|clients|organizations)\/[^']+'/g;
    const handlers = sourceFiles('functions').filter((file) => file.endsWith('/handler.ts'));
    const many = handlers.filter((file) => {
      const imported = new Set(readFileSync(file, 'utf8').match(operation) ?? []);
      return imported.size > 1;
    });
    expect(handlers.length).toBeGreaterThan(60);
    expect(many).toEqual([]);
  });

  it('writes every transaction through transact(), which names the part whose condition failed', () => {
    const own = files.filter(
      (file) => file !== 'shared/data/table.ts' && /new TransactWriteCommand\(/.test(readFileSync(file, 'utf8')),
    );
    expect(own.filter((file) => file.startsWith('shared/'))).toEqual([]);
  });
});
