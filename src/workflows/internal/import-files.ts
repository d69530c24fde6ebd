import { lstat, mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import type { ResolvedConfig } from '../../config/types.js';
import { GraphformError } from '../../diagnostics/errors.js';

/** Where `graphform import` writes a source's declaration. */
export interface DeclarationTarget {
  absolute: string;
  /** Relative to the working directory, with forward slashes, as diagnostics show files. */
  shown: string;
  /** The published schema relative to the file, for its yaml-language-server line. */
  schemaPath: string;
}

/** `--out FILE` (relative to the working directory), else `<sources>/<id>.yaml`. */
export function declarationTarget(config: ResolvedConfig, cwd: string, id: string, out: string | undefined): DeclarationTarget {
  const absolute = out === undefined ? path.join(config.sources, `${id}.yaml`) : path.resolve(cwd, out);
  const schema = path.join(config.rootDir, 'node_modules', 'graphform', 'schema', 'content-source.schema.json');
  return { absolute, shown: slashes(path.relative(cwd, absolute)), schemaPath: slashes(path.relative(path.dirname(absolute), schema)) };
}

/**
 * `import --all` writes a declaration per source, a state file and (with the `local`
 * default) the emulator's data: in a folder that is no project (no config found, no
 * declarations folder) that would scatter files where the user merely happened to be.
 */
export async function assertProjectFolder(config: ResolvedConfig, cwd: string): Promise<void> {
  if (config.configFile !== undefined || (await exists(config.sources))) return;
  throw new GraphformError(
    'GF_IMPORT_NO_PROJECT',
    `import --all: ${cwd} is not a graphform project (no graphform.config.yaml here or above, ` +
      `no ${slashes(path.relative(cwd, config.sources)) || '.'}/ folder); nothing was written.`,
    { hint: 'Run `graphform init` here first (it writes the config and the declarations folder), or run `graphform import --all` from your project folder.' },
  );
}

async function exists(file: string): Promise<boolean> {
  return lstat(file).then(
    () => true,
    (error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    },
  );
}

/** Refuses, before anything is written or recorded, when a target exists (a dangling link counts). */
export async function assertAbsent(targets: readonly DeclarationTarget[]): Promise<void> {
  for (const target of targets) {
    if (await exists(target.absolute)) throw fileExists(target);
  }
}

/**
 * Writes a new file, never replacing one: O_EXCL makes the check and the creation one step,
 * so a file that appeared since assertAbsent is refused too.
 */
export async function writeNewFile(target: DeclarationTarget, text: string): Promise<void> {
  await mkdir(path.dirname(target.absolute), { recursive: true });
  const handle = await open(target.absolute, 'wx', 0o644).catch((error: unknown) => {
    throw (error as NodeJS.ErrnoException).code === 'EEXIST' ? fileExists(target) : error;
  });
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function fileExists(target: DeclarationTarget): GraphformError {
  return new GraphformError('GF_IMPORT_FILE_EXISTS', `${target.shown} already exists; graphform import never overwrites a file.`, {
    hint: 'Move that file away, or write the declaration somewhere else with `out`.',
  });
}

function slashes(p: string): string {
  return p.split(path.sep).join('/');
}
