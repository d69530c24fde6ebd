import { lstat, mkdir, readdir, realpath, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { GeneratedFile } from '../../codegen/generate.js';
import { generatedSourceId } from '../../codegen/header.js';
import { GraphformError } from '../../diagnostics/errors.js';
import { writeFileAtomic } from '../../fs/atomic-file.js';
import { isWithin, projectRoot } from '../../fs/project-file.js';
import { readRegularFile } from '../../fs/read-regular-file.js';

/**
 * What codegen did, or (with --check) found, for one file. A leftover (a file codegen wrote
 * for a source it no longer generates) is `removed`, or with --check `stale`.
 */
export type FileStatus = 'written' | 'unchanged' | 'stale' | 'missing' | 'removed';

export interface FileOutcome {
  /** Absolute path. */
  file: string;
  status: FileStatus;
  /** The file is a leftover: codegen wrote it for this source, which it no longer generates. */
  leftoverOf?: string;
}

/** A file in the output folder that codegen wrote for a source it no longer generates. */
export interface Leftover {
  /** Absolute path. */
  file: string;
  /** The source it was generated for; undefined for the served schema's files, which are every source's. */
  id: string | undefined;
}

/**
 * The files directly in `out` that graphform wrote (generatedSourceId: a name codegen gives,
 * starting with its header for that id) for a source not in `generated`, sorted by name. Only
 * regular files are looked at (a link is never followed); anything else in the folder,
 * hand-written files and subfolders included, is not graphform's and is left alone.
 */
export async function findLeftovers(out: string, generated: ReadonlySet<string>): Promise<Leftover[]> {
  let names: string[];
  try {
    names = (await readdir(out, { withFileTypes: true })).filter((entry) => entry.isFile()).map((entry) => entry.name);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw error;
  }
  const leftovers: Leftover[] = [];
  for (const name of names.sort()) {
    const file = path.join(out, name);
    const text = await readIfFile(file);
    const id = text === undefined ? undefined : generatedSourceId(name, text);
    if (id !== undefined && !generated.has(id)) leftovers.push({ file, id });
  }
  return leftovers;
}

/**
 * The served schema's files codegen wrote earlier (`_schema.graphql` starting with its
 * header, and the introspection JSON beside it), for when the declarations no longer give a
 * schema: they would describe content types that are gone.
 */
export async function servedSchemaLeftovers(out: string, names: { sdl: string; introspection: string }, header: string): Promise<Leftover[]> {
  const sdl = path.join(out, names.sdl);
  if (!((await readIfFile(sdl))?.startsWith(header) ?? false)) return [];
  const introspection = path.join(out, names.introspection);
  return [{ file: sdl, id: undefined }, ...((await readIfFile(introspection)) === undefined ? [] : [{ file: introspection, id: undefined }])];
}

/** Removes the leftover files (a file already gone counts as removed). */
export async function removeLeftovers(leftovers: readonly Leftover[]): Promise<FileOutcome[]> {
  const outcomes: FileOutcome[] = [];
  for (const { file, id } of leftovers) {
    try {
      await unlink(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    outcomes.push({ file, status: 'removed', ...(id === undefined ? {} : { leftoverOf: id }) });
  }
  return outcomes;
}

/**
 * The output folder, refused unless it lies inside the project (the config's folder) both
 * as written and once links are resolved: codegen writes files, and a link committed in
 * the repository must not make it write elsewhere.
 */
export async function checkedOutFolder(out: string, rootDir: string): Promise<string> {
  const root = await projectRoot(rootDir);
  const existing = await nearestExisting(out);
  const real = await realpath(existing);
  if (isWithin(root.path, out) && isWithin(root.real, path.join(real, path.relative(existing, out)))) return out;
  throw new GraphformError(
    'GF_CODEGEN_OUT_OUTSIDE_PROJECT',
    `The codegen output folder ${out} is outside the project folder ${root.path}; graphform writes generated files only inside the project.`,
    {
      hint: 'Choose a folder inside the project with `out` or codegen.out in the config (default generated/graphform).',
    },
  );
}

/** Writes each file that differs from what is on disk, atomically; leaves equal ones untouched (and their times). */
export async function writeGenerated(out: string, files: readonly GeneratedFile[]): Promise<FileOutcome[]> {
  await mkdir(out, { recursive: true });
  const outcomes: FileOutcome[] = [];
  for (const generated of files) {
    const file = path.join(out, generated.name);
    const current = await readIfFile(file);
    if (current === generated.content) {
      outcomes.push({ file, status: 'unchanged' });
      continue;
    }
    await writeFileAtomic(file, generated.content);
    outcomes.push({ file, status: 'written' });
  }
  return outcomes;
}

/** --check: compares without writing; a file is missing, stale (differs) or unchanged. */
export async function compareGenerated(out: string, files: readonly GeneratedFile[]): Promise<FileOutcome[]> {
  const outcomes: FileOutcome[] = [];
  for (const generated of files) {
    const file = path.join(out, generated.name);
    const current = await readIfFile(file);
    outcomes.push({ file, status: current === undefined ? 'missing' : current === generated.content ? 'unchanged' : 'stale' });
  }
  return outcomes;
}

/**
 * The file's text, or undefined when there is no regular file there (a link is never
 * followed). Read as a regular file only: a FIFO put in its place after the check is not
 * waited on.
 */
async function readIfFile(file: string): Promise<string | undefined> {
  try {
    if (!(await lstat(file)).isFile()) return undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const read = await readRegularFile(file, MAX_GENERATED_BYTES);
  return read.ok ? read.bytes.toString('utf8') : undefined;
}

/** Far more than any generated file; a larger one is not graphform's, and counts as missing (it is replaced). */
const MAX_GENERATED_BYTES = 64 << 20;

async function nearestExisting(target: string): Promise<string> {
  let current = target;
  for (;;) {
    try {
      await lstat(current);
      return current;
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return current;
      current = parent;
    }
  }
}
