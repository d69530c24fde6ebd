import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { GraphformError } from '../diagnostics/errors.js';
import { excerpt } from '../diagnostics/excerpt.js';
import { refusalMessage } from '../fs/project-file.js';
import { formatLimit, readRegularFile } from '../fs/read-regular-file.js';
import { decodeUtf8 } from '../fs/utf8-text.js';
import { isRecord } from '../model/is-record.js';
import { loaderFor } from './config-loaders.js';
import { configText } from './config-text.js';

/** docs/configuration.md's names first; cosmiconfig's defaults omit graphform.config.yaml. */
export const SEARCH_PLACES = [
  'graphform.config.yaml',
  'graphform.config.yml',
  'graphform.config.json',
  'graphform.config.js',
  'graphform.config.mjs',
  '.graphformrc',
  '.graphformrc.yaml',
  '.graphformrc.yml',
  '.graphformrc.json',
  '.graphformrc.js',
  '.graphformrc.mjs',
  'package.json',
];

/** Far more than any config; a larger file is not one, and is not read whole. */
export const MAX_CONFIG_BYTES = 5 << 20;

/** A config file read, and what its loader made of it: undefined when it is empty. */
export interface ConfigFile {
  file: string;
  /** The text as it was read, the one time it was: positions in messages come from it. */
  text: string;
  value: unknown;
}

/**
 * The config cosmiconfig's project search would find from `cwd`: folder by folder up to the
 * first one holding a package.json (or package.yaml), the search places in order, empty
 * files and a package.json without a "graphform" key passed over. cosmiconfig reads every
 * candidate with a plain readFile, where a FIFO blocks and /dev/zero fills memory, so the
 * walk is done here and each candidate is read once, as a checked regular file (see
 * readRegularFile: fstat on the open descriptor), and that text is what its loader parses.
 */
export async function searchConfigFile(cwd: string): Promise<ConfigFile | undefined> {
  for (let dir = path.resolve(cwd); ; dir = path.dirname(dir)) {
    if (await isDirectory(dir)) {
      for (const place of SEARCH_PLACES) {
        const found = await readConfigFile(cwd, path.join(dir, place), 'searched');
        if (found !== undefined && found.value !== undefined) return found;
      }
    }
    if ((await exists(path.join(dir, 'package.json'))) || (await exists(path.join(dir, 'package.yaml'))) || path.dirname(dir) === dir) return undefined;
  }
}

/**
 * The config file named with --config, read once as searchConfigFile reads one; undefined
 * for a package.json without a "graphform" key.
 */
export async function namedConfigFile(cwd: string, given: string): Promise<ConfigFile | undefined> {
  return readConfigFile(cwd, path.resolve(cwd, given), given);
}

/** `given`: how --config named the file, or 'searched'. */
async function readConfigFile(cwd: string, file: string, given: string): Promise<ConfigFile | undefined> {
  const how = given === 'searched' ? 'searched' : 'named';
  const read = await readRegularFile(file, MAX_CONFIG_BYTES);
  if (!read.ok) {
    if ('tooLarge' in read) throw configTooLarge(file);
    if (read.refusal.kind !== 'missing') {
      throw new GraphformError('GF_NOT_A_FILE', `The config ${refusalMessage(file, read.refusal)}.`, {
        details: { file },
        hint: 'Name a regular config file with `configFile` (or none, to search for graphform.config.yaml).',
      });
    }
    if (how === 'searched') return undefined;
    throw new GraphformError('GF_CONFIG_NOT_FOUND', `Config file ${given} does not exist.`, {
      hint: 'Check the `configFile` path, or run `graphform init` to create one.',
    });
  }
  const decoded = decodeUtf8(read.bytes);
  if (decoded.ok && decoded.text.trim() === '') return { file, text: decoded.text, value: undefined };
  // A searched config is checked before it is parsed, so a parser never quotes a file from elsewhere.
  if (how === 'searched') await assertInsideItsFolder(file, read.real);
  const shown = shownPath(cwd, file);
  const text = configText(shown, decoded);
  const loaded = await loaderFor(file, shown)(file, text);
  if (path.basename(file, path.extname(file)) !== 'package') return { file, text, value: loaded };
  const value = isRecord(loaded) && Object.hasOwn(loaded, 'graphform') ? loaded.graphform : undefined;
  return value === undefined || value === null ? undefined : { file, text, value };
}

/**
 * A config found by searching must be a regular file inside its own folder: the folder is
 * the project, and a link committed in its place must not make graphform read (and quote)
 * a file from elsewhere. A file named with --config is the user's choice.
 */
async function assertInsideItsFolder(file: string, real: string): Promise<void> {
  const folder = await realpath(path.dirname(file));
  if (real.startsWith(`${folder}${path.sep}`)) return;
  throw new GraphformError('GF_CONFIG_OUTSIDE_PROJECT', `${file} is a link to ${excerpt(real, 120)}, outside the project folder; graphform does not read it.`, {
    hint: 'Make the config a regular file in the project folder, or name one explicitly with `configFile`.',
  });
}

function configTooLarge(file: string): GraphformError {
  return new GraphformError('GF_CONFIG_TOO_LARGE', `The config ${file} is larger than ${formatLimit(MAX_CONFIG_BYTES)}; it was not read.`, {
    details: { file },
    hint: 'Check that `configFile` names the config file, not something else.',
  });
}

/** How messages name a config: relative to the working folder when it is under it, else in full. */
export function shownPath(cwd: string, file: string): string {
  const rel = path.relative(cwd, file);
  return (rel.startsWith('..') ? file : rel).split(path.sep).join('/');
}

async function isDirectory(dir: string): Promise<boolean> {
  return stat(dir).then(
    (info) => info.isDirectory(),
    () => false,
  );
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}
