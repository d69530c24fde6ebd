import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Diagnostic } from '../../src/diagnostics/diagnostic.js';
import { readDeclarationFiles } from '../../src/load/read-declarations.js';
import { SCALAR_TYPES } from '../../src/model/types.js';
import { validateDeclarations } from '../../src/validate/validate.js';

export const repository = path.resolve(import.meta.dirname, '../..');

/** The diagnostics of test/fixtures/declarations/invalid, and each file's text for code frames. */
export async function fixtureDiagnostics(): Promise<{ diagnostics: Diagnostic[]; sources: Map<string, string> }> {
  const files = await readDeclarationFiles(path.join(repository, 'test/fixtures/declarations/invalid'), repository);
  const { diagnostics } = validateDeclarations(files, { scalarTypes: SCALAR_TYPES, reservedTypeNames: [], maxSources: undefined, stateSources: {} });
  return { diagnostics, sources: new Map(files.map((file) => [file.file, file.text])) };
}

/**
 * The golden file's content; with UPDATE_GOLDEN=1 the file is (re)written from `actual`
 * first, so a deliberate change of output is one command and a reviewable diff.
 */
export async function golden(name: string, actual: string): Promise<string> {
  const file = path.join(repository, 'test/golden/diagnostics', name);
  if (process.env.UPDATE_GOLDEN === '1') await writeFile(file, actual);
  return readFile(file, 'utf8');
}
