import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { isRecord } from '../../model/is-record.js';
import type { DeclaredData } from './watched-paths.js';

/** More declarations than a project has: the scan stops there rather than walk a huge tree. */
const MAX_FILES = 2000;

/**
 * The `data:` patterns of the declarations already in `sources` (an existing project), for
 * the paths the CI files watch. Best effort: a file that cannot be read or parsed is passed
 * over (validate reports it), and a missing folder gives none.
 */
export async function declaredData(root: string, sources: string): Promise<DeclaredData[]> {
  const files = await yamlFiles(path.join(root, sources));
  const found: DeclaredData[] = [];
  for (const file of files) {
    const data = await readFile(file, 'utf8').then(dataPatterns, () => []);
    if (data.length > 0) found.push({ dir: path.relative(root, path.dirname(file)).split(path.sep).join('/'), patterns: data });
  }
  return found;
}

async function yamlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile() && /\.ya?ml$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort()
    .slice(0, MAX_FILES);
}

function dataPatterns(text: string): string[] {
  try {
    const parsed: unknown = parse(text);
    return isRecord(parsed) && Array.isArray(parsed.data) ? parsed.data.filter((entry): entry is string => typeof entry === 'string') : [];
  } catch {
    return [];
  }
}

/** The `sources:` of an existing YAML config (the folder the CI files must watch), or undefined. */
export async function configuredSources(root: string): Promise<string | undefined> {
  for (const name of ['graphform.config.yaml', 'graphform.config.yml']) {
    const text = await readFile(path.join(root, name), 'utf8').catch(() => undefined);
    if (text === undefined) continue;
    try {
      const parsed: unknown = parse(text);
      return isRecord(parsed) && typeof parsed.sources === 'string' ? parsed.sources : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
