// Stack traces that name source files: frames in a bundle are read back through the source map
// shipped beside it. Node's --enable-source-maps would read every map at every cold start (about
// 10 ms a route, 25–30 ms the renderer: docs/performance.md); this reads one when an error is logged.
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

/** A bundle's map, read once per process; undefined for files without one (sources run by tsx, Node's own). */
const maps = new Map<string, SourceMap | undefined>();

function mapOf(file: string): SourceMap | undefined {
  if (!maps.has(file)) {
    let map: SourceMap | undefined;
    try {
      const path = file.startsWith('file:') ? fileURLToPath(file) : file;
      map = new SourceMap(JSON.parse(readFileSync(`${path}.map`, 'utf8')));
    } catch {
      map = undefined;
    }
    maps.set(file, map);
  }
  return maps.get(file);
}

/** `    at name (file:line:column)` or `    at file:line:column`; Node's own frames (`node:…`) have no map. */
const FRAME = /^(\s*at (?:async )?)(?:(.+?) \()?((?:file:\/\/)?\/.+?):(\d+):(\d+)\)?$/;

type Frame = { prefix: string; name?: string; file: string; line: number; column: number };

const frameOf = (text: string): Frame | undefined => {
  const match = FRAME.exec(text);
  if (!match) return undefined;
  const [, prefix, name, file, line, column] = match;
  return { prefix: prefix!, ...(name ? { name } : {}), file: file!, line: Number(line), column: Number(column) };
};

/** A source as the map names it, relative to the bundle's build folder: `shared/…` or `node_modules/…`. */
const sourceName = (source: string) => source.replace(/^(?:\.\.\/)+/, '').replace(/^.*?\/?(node_modules\/)/, '$1');

type Origin = { source: string; line: number; column: number; name?: string };

function originOf(frame: Frame | undefined): Origin | undefined {
  if (!frame) return undefined;
  const entry = mapOf(frame.file)?.findEntry(frame.line - 1, frame.column - 1) as
    | { originalSource?: string; originalLine: number; originalColumn: number; name?: string }
    | undefined;
  if (!entry?.originalSource) return undefined;
  return {
    source: sourceName(entry.originalSource),
    line: entry.originalLine + 1,
    column: entry.originalColumn + 1,
    ...(entry.name ? { name: entry.name } : {}),
  };
}

/**
 * The error's stack with every frame of a mapped bundle at its source line. A frame's function is
 * named as its caller wrote it (the minified name says nothing); unmapped frames stay as they are.
 */
export function readableStack(error: unknown): string | undefined {
  if (!(error instanceof Error) || typeof error.stack !== 'string') return undefined;
  try {
    const lines = error.stack.split('\n');
    const frames = lines.map(frameOf);
    const origins = frames.map(originOf);
    return lines
      .map((line, index) => {
        const frame = frames[index];
        const origin = origins[index];
        if (!frame || !origin) return line;
        const name = origins[index + 1]?.name ?? frame.name;
        const place = `${origin.source}:${origin.line}:${origin.column}`;
        return `${frame.prefix}${name ? `${name} (${place})` : place}`;
      })
      .join('\n');
  } catch {
    return error.stack;
  }
}

/** What a log line says of a failure: its message and where it was thrown. */
export const errorFields = (error: unknown) => ({ error: String(error), stack: readableStack(error) });
