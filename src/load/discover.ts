import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { GraphformError } from '../diagnostics/errors.js';

const DECLARATION_FILE = /\.ya?ml$/i;

/**
 * Absolute paths of every *.yaml / *.yml entry under `dir` that is not a folder, recursively,
 * sorted by code point so the order is the same on every machine. node_modules and
 * dot-folders are skipped; links to folders are not followed (no loops). Links to anything
 * else, dangling links, FIFOs and devices are all listed: the reader refuses them with a
 * diagnostic, so nothing named like a declaration is skipped without a word.
 */
export async function discoverDeclarationFiles(dir: string, configName = DEFAULT_CONFIG_NAME): Promise<string[]> {
  const root = path.resolve(dir);
  await assertFolder(root, configName);
  const files: string[] = [];
  await collect(root, files);
  return files.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The config file a hint names when none was read: the one `graphform init` writes. */
export const DEFAULT_CONFIG_NAME = 'graphform.config.yaml';

async function assertFolder(root: string, configName: string): Promise<void> {
  let isFolder: boolean;
  try {
    isFolder = (await stat(root)).isDirectory();
  } catch (error) {
    if (errorCode(error) === 'ENOENT') {
      throw new GraphformError('GF_SOURCES_DIR_MISSING', `The declarations folder ${root} does not exist.`, {
        details: { folder: root },
        hint:
          'Create it and put one <source>.yaml file per content source in it ' +
          `(\`graphform init\` scaffolds one),\nor set \`sources\` in ${configName} to the folder that holds your declarations.`,
        cause: error,
      });
    }
    throw unreadable(root, error);
  }
  if (!isFolder) {
    throw new GraphformError('GF_SOURCES_DIR_NOT_A_FOLDER', `The declarations path ${root} is a file, not a folder.`, {
      details: { folder: root },
      hint: `Set \`sources\` in ${configName} to the folder that holds your *.yaml declarations.`,
    });
  }
}

async function collect(dir: string, files: string[]): Promise<void> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    throw unreadable(dir, error);
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      await collect(full, files);
    } else if (DECLARATION_FILE.test(entry.name) && !(entry.isSymbolicLink() && (await isFolderTarget(full)))) {
      files.push(full);
    }
  }
}

async function isFolderTarget(link: string): Promise<boolean> {
  try {
    return (await stat(link)).isDirectory();
  } catch {
    // A dangling link is listed: the reader reports it.
    return false;
  }
}

export function unreadable(target: string, error: unknown): GraphformError {
  const reason = error instanceof Error ? error.message : String(error);
  return new GraphformError('GF_SOURCES_DIR_UNREADABLE', `Cannot read ${target}: ${reason}`, {
    details: { path: target },
    hint: 'Check that the path exists and that you have permission to read it.',
    cause: error,
  });
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}
