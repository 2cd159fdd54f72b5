// The files the command line is given: XML files, and directories of them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Reads FILE_OR_DIR arguments: a directory gives its *.xml files (not recursively), sorted. */
export function readDocuments(paths: string[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const path of paths) {
    let names = [path];
    try {
      names = readdirSync(path)
        .filter((file) => file.endsWith('.xml'))
        .sort()
        .map((file) => join(path, file));
    } catch {}
    for (const name of names) files.set(name, readFileSync(name, 'utf8'));
  }
  return files;
}
