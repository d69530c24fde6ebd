import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { GraphformError } from '../diagnostics/errors.js';
import { isValidSourceId } from '../graph/source-id.js';
import { appendLines, writeFileAtomic } from '../fs/atomic-file.js';
import { checkFullDefinition } from './graph/definition-shape.js';
import type { ShapeResult } from './graph/shape-check.js';
import type { ContentSourceV3 } from './graph/wire-definition.js';
import { encodeItem, encodeOp, replayJournal } from './journal.js';
import type { ItemOp, ItemRecord, MemoryStore } from './store.js';

/** Where the emulator's state lives between requests; memory only, or a data directory. */
export interface Persistence {
  /** Fills the store from disk (replaying and compacting journals). */
  load(store: MemoryStore): Promise<void>;
  /** Writes a definition; `wipe` also empties the source's items (a full update). */
  saveDefinition(id: string, definition: ContentSourceV3, wipe: boolean): Promise<void>;
  /** One append per request; the operations are encoded as they are written, never all at once. */
  appendOps(id: string, ops: Iterable<ItemOp>): Promise<void>;
  /** Replaces the journal with exactly these items (compaction). */
  rewriteItems(id: string, items: Iterable<ItemRecord>): Promise<void>;
  /** Deletes the source: definition and items. */
  removeSource(id: string): Promise<void>;
  /** The CMS's content types as last given (`cmsTypes`), if ever. */
  loadCms(): Promise<ContentSourceV3 | undefined>;
  saveCms(definition: ContentSourceV3): Promise<void>;
  /** Forgets every source; the CMS's content types are configuration and stay. */
  clear(): Promise<void>;
}

export const memoryPersistence: Persistence = {
  load: async () => undefined,
  saveDefinition: async () => undefined,
  appendOps: async () => undefined,
  rewriteItems: async () => undefined,
  removeSource: async () => undefined,
  loadCms: async () => undefined,
  saveCms: async () => undefined,
  clear: async () => undefined,
};

const FORMAT_VERSION = 1;

/**
 * Layout: `emulator.json` (format version), `cms.json` (the CMS's content types, once
 * given), and per source `sources/<id>/definition.json` (the definition as GET types
 * answers it, description included; written atomically) and `sources/<id>/items.ndjson`
 * (the journal, see journal.ts). Data directories of earlier versions read as they are, so
 * the format version stays 1: their definitions are valid published definitions, and the
 * description they kept in `sources/<id>/source.json` moves into the definition on load.
 */
export function diskPersistence(dataDir: string): Persistence {
  const sourcesDir = join(dataDir, 'sources');
  const cmsPath = join(dataDir, 'cms.json');
  const definitionPath = (id: string): string => join(sourcesDir, id, 'definition.json');
  const metaPath = (id: string): string => join(sourcesDir, id, 'source.json');
  const journalPath = (id: string): string => join(sourcesDir, id, 'items.ndjson');

  const rewriteItems = async (id: string, items: Iterable<ItemRecord>): Promise<void> => {
    await writeFileAtomic(journalPath(id), (function* () {
      for (const item of items) yield encodeItem(item);
    })());
  };

  return {
    async load(store) {
      await mkdir(sourcesDir, { recursive: true });
      await checkFormat(join(dataDir, 'emulator.json'));
      for (const id of (await readdir(sourcesDir)).sort()) {
        if (!isValidSourceId(id)) continue;
        const stored = await readDefinition(definitionPath(id));
        // A folder without a definition is a create that never finished: it does not exist.
        if (stored === undefined) continue;
        const definition = await withOldDescription(stored, definitionPath(id), metaPath(id));
        store.setDefinition(id, definition, true);
        if (!(await exists(journalPath(id)))) {
          await writeFileAtomic(journalPath(id), '');
          continue;
        }
        const replay = await replayJournal(journalPath(id), (op) => store.apply(id, [op]));
        if (replay.truncatedTail || replay.operations !== store.itemCount(id)) await rewriteItems(id, store.items(id));
      }
    },
    async saveDefinition(id, definition, wipe) {
      await mkdir(join(sourcesDir, id), { recursive: true });
      // Items go first: a crash in between leaves the old schema with no items, never new schema with old items.
      if (wipe || !(await exists(journalPath(id)))) await writeFileAtomic(journalPath(id), '');
      await writeFileAtomic(definitionPath(id), `${JSON.stringify(definition, null, 2)}\n`);
    },
    async appendOps(id, ops) {
      const pending = ops[Symbol.iterator]();
      const first = pending.next();
      if (first.done === true) return;
      // A generator, not a mapped array: the encoded lines (as large as the request's data
      // lines) are written a MiB at a time instead of all existing at once beside the ops.
      await appendLines(journalPath(id), (function* () {
        yield encodeOp(first.value);
        for (let next = pending.next(); next.done !== true; next = pending.next()) yield encodeOp(next.value);
      })());
    },
    rewriteItems,
    async removeSource(id) {
      // The definition goes first: a folder without one is a source that does not exist.
      await rm(definitionPath(id), { force: true });
      await rm(join(sourcesDir, id), { recursive: true, force: true });
    },
    async loadCms() {
      const text = await readOptional(cmsPath);
      if (text === undefined) return undefined;
      const checked = parseDefinition(text);
      if (!checked.ok) {
        throw new GraphformError('GF_EMULATOR_CORRUPT_DATA', `The CMS content types in ${cmsPath} are not a valid definition: ${checked.message}`, {
          details: { path: cmsPath },
          hint: 'Fix or remove the file (the built-in CMS types are used without it), or give cmsTypes again.',
        });
      }
      return checked.value;
    },
    async saveCms(definition) {
      await writeFileAtomic(cmsPath, `${JSON.stringify(definition, null, 2)}\n`);
    },
    async clear() {
      await rm(sourcesDir, { recursive: true, force: true });
      await mkdir(sourcesDir, { recursive: true });
    },
  };
}

async function checkFormat(path: string): Promise<void> {
  if (!(await exists(path))) {
    await writeFileAtomic(path, `${JSON.stringify({ formatVersion: FORMAT_VERSION })}\n`);
    return;
  }
  let version: unknown;
  try {
    version = (JSON.parse(await readFile(path, 'utf8')) as { formatVersion?: unknown }).formatVersion;
  } catch {
    version = undefined;
  }
  if (version !== FORMAT_VERSION) {
    throw new GraphformError('GF_EMULATOR_DATA_FORMAT', `The emulator data in ${path} has format ${String(version)}; this version reads format ${FORMAT_VERSION}`, {
      hint: 'Use a matching graphform version, or start from an empty --data-dir.',
    });
  }
}

function parseDefinition(text: string): ShapeResult<ContentSourceV3> {
  try {
    return checkFullDefinition(JSON.parse(text));
  } catch {
    return { ok: false, message: 'not valid JSON' };
  }
}

async function readOptional(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * Earlier versions kept the description set through the sources API beside the definition,
 * in `source.json`; it moves into the definition (written first, then the old file goes).
 */
async function withOldDescription(definition: ContentSourceV3, definitionPath: string, metaPath: string): Promise<ContentSourceV3> {
  const description = await readDescription(metaPath);
  if (description === undefined) return definition;
  const moved = Object.hasOwn(definition, 'description') ? definition : { ...definition, description };
  await writeFileAtomic(definitionPath, `${JSON.stringify(moved, null, 2)}\n`);
  await rm(metaPath, { force: true });
  return moved;
}

async function readDescription(path: string): Promise<string | undefined> {
  const text = await readOptional(path);
  if (text === undefined) return undefined;
  let description: unknown;
  try {
    description = (JSON.parse(text) as { description?: unknown }).description;
  } catch {
    description = undefined;
  }
  if (typeof description !== 'string') {
    throw new GraphformError('GF_EMULATOR_CORRUPT_DATA', `The emulator's source file ${path} is damaged`, {
      details: { path },
      hint: 'It is written atomically, so it was changed by hand: fix it to {"description": "…"} or remove it.',
    });
  }
  return description;
}

async function readDefinition(path: string): Promise<ContentSourceV3 | undefined> {
  const text = await readOptional(path);
  if (text === undefined) return undefined;
  const checked = parseDefinition(text);
  if (!checked.ok) {
    throw new GraphformError('GF_EMULATOR_CORRUPT_DATA', `The emulator's definition file ${path} is not a valid definition: ${checked.message}`, {
      details: { path },
      hint: 'Definitions are written atomically, so this file was changed by hand: fix or remove it.',
    });
  }
  return checked.value;
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
