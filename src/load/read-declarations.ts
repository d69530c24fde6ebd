import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { discoverDeclarationFiles, unreadable } from './discover.js';
import { parseDeclarationFile, type ParsedDeclarationFile } from './parse.js';

/**
 * Finds, reads and parses every declaration under `dir`. File names are shown relative to
 * `cwd` with forward slashes. Bad YAML becomes diagnostics; only a missing or unreadable
 * folder or file throws.
 */
export async function readDeclarationFiles(dir: string, cwd: string): Promise<ParsedDeclarationFile[]> {
  const paths = await discoverDeclarationFiles(dir);
  return Promise.all(
    paths.map(async (absolute) => {
      let text: string;
      try {
        text = await readFile(absolute, 'utf8');
      } catch (error) {
        throw unreadable(absolute, error);
      }
      return parseDeclarationFile(displayPath(absolute, cwd), text);
    }),
  );
}

/** `absolute` relative to `cwd`, with forward slashes on every platform. */
export function displayPath(absolute: string, cwd: string): string {
  return path.relative(cwd, absolute).split(path.sep).join('/');
}
