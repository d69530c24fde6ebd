import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { TOOL_VERSION } from '../../version.js';
import type { DocumentText } from './operation-documents.js';
import type { CheckInputs } from './operations-check-types.js';

/** The packages whose versions can change what the check finds: graphql's parser and validator, the code parser that finds the tags, the schema differ. */
const CHECKING_PACKAGES = ['graphql', 'oxc-parser', '@graphql-inspector/core'] as const;

/**
 * What every key starts from: graphform's version and those of the packages that check,
 * read from their package.json files (none of them is loaded for it).
 */
export async function checkerVersions(): Promise<string> {
  const require = createRequire(import.meta.url);
  const versions = await Promise.all(CHECKING_PACKAGES.map(async (name) => `${name}@${await packageVersion(require, name)}`));
  return [`graphform@${TOOL_VERSION}`, ...versions].join(' ');
}

/** A package's version, from the package.json above its entry point; `?` when it cannot be found (such a key never matches a found one). */
async function packageVersion(require: NodeJS.Require, name: string): Promise<string> {
  try {
    for (let dir = path.dirname(require.resolve(name)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      const manifest = await readFile(path.join(dir, 'package.json'), 'utf8').catch(() => undefined);
      if (manifest === undefined) continue;
      const parsed = JSON.parse(manifest) as { name?: unknown; version?: unknown };
      if (parsed.name === name && typeof parsed.version === 'string') return parsed.version;
    }
  } catch {
    // Not installed, or a package.json that does not parse: no version to give.
  }
  return '?';
}

/** A digest of the versions and of every document read: each name and whole text, in order. */
export function documentsDigest(versions: string, texts: readonly DocumentText[]): string {
  const hash = createHash('sha256').update(versions).update('\0');
  for (const { file, text } of texts) hash.update(`${file}\0${text.length}\0`).update(text).update('\0');
  return hash.digest('hex');
}

/**
 * The key of an outcome: the documents' digest and the schema inputs (the definitions before
 * and after, the sources that may be left out, the served item fields). The changes an
 * operation reads are the inspector's diff of those two schemas, so they are covered too.
 */
export function checkKey(documents: string, inputs: CheckInputs): string {
  const schema = JSON.stringify({ before: inputs.before ?? null, after: inputs.after, optional: [...inputs.optional].sort(), itemFields: inputs.itemFields });
  return createHash('sha256').update(`key\0${documents}\0`).update(schema).digest('hex');
}

/** The hint of an outcome: the documents and the declarations, known before the plan reads the service. */
export function hintKey(documents: string, declarations: unknown): string {
  return createHash('sha256').update(`hint\0${documents}\0`).update(JSON.stringify(declarations)).digest('hex');
}
