import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { GraphformError } from '../../diagnostics/errors.js';
import { isCustomSourceId } from '../sources/source-id.js';
import { writeFileAtomic } from '../../fs/atomic-file.js';
import { readWholeFile } from '../../fs/read-whole-file.js';
import { checkFullDefinition } from '../graph/definition-shape.js';
import type { ShapeResult } from '../graph/shape-check.js';
import type { ContentSourceV3 } from '../graph/wire-definition.js';
import type { ItemStore } from '../items/item-store.js';
import { JournalItems } from '../items/journal-items.js';
import { MemoryItems } from '../items/memory-items.js';
import type { MemoryStore } from './store.js';

/**
 * Where the emulator's state lives between requests: memory only, or a data directory.
 * Definitions are loaded at start (every request reads them); items live in `items`,
 * which reads them from disk only when a request needs them.
 */
export interface Persistence {
  items: ItemStore;
  /** Fills the store with the definitions kept. */
  load(store: MemoryStore): Promise<void>;
  saveDefinition(id: string, definition: ContentSourceV3): Promise<void>;
  /**
   * Deletes the source: its definition goes first (from then on it does not exist), then
   * `forget` runs (the caller's view of it), then its items' files.
   */
  removeSource(id: string, forget: () => void): Promise<void>;
  /** The CMS's content types as last given (`cmsTypes`), if ever. */
  loadCms(): Promise<ContentSourceV3 | undefined>;
  saveCms(definition: ContentSourceV3): Promise<void>;
  /** Forgets every source at once, calling `forget` as they go; the CMS's content types are configuration and stay. */
  clear(forget: () => void): Promise<void>;
}

export function memoryPersistence(): Persistence {
  return {
    items: new MemoryItems(),
    load: async () => undefined,
    saveDefinition: async () => undefined,
    removeSource: async (_id, forget) => forget(),
    loadCms: async () => undefined,
    saveCms: async () => undefined,
    clear: async (forget) => forget(),
  };
}

const FORMAT_VERSION = 1;

/** A sources folder being deleted by a reset: renamed first, so the reset is one step; a leftover is removed at the next start. */
const DELETING = /^sources\.[0-9a-f]+\.deleting$/;

/**
 * Layout: `emulator.json` (format version), `cms.json` (the CMS's content types, once
 * given), and per source `sources/<id>/definition.json` (the definition as GET types
 * answers it, description included; written atomically) and `sources/<id>/items.ndjson`
 * (the journal, see items/journal-format.ts). Data directories of earlier versions read as
 * they are, so the format version stays 1: their definitions are valid published
 * definitions, the description they kept in `sources/<id>/source.json` moves into the
 * definition on load, and a journal is read only when its items are first needed.
 */
export function diskPersistence(dataDir: string): Persistence {
  const sourcesDir = join(dataDir, 'sources');
  const cmsPath = join(dataDir, 'cms.json');
  const definitionPath = (id: string): string => join(sourcesDir, id, 'definition.json');
  const metaPath = (id: string): string => join(sourcesDir, id, 'source.json');

  return {
    items: new JournalItems((id) => join(sourcesDir, id, 'items.ndjson')),
    async load(store) {
      await mkdir(sourcesDir, { recursive: true });
      await checkFormat(join(dataDir, 'emulator.json'));
      for (const entry of await readdir(dataDir)) {
        if (DELETING.test(entry)) await rm(join(dataDir, entry), { recursive: true, force: true });
      }
      for (const id of (await readdir(sourcesDir)).sort()) {
        if (!isCustomSourceId(id)) continue;
        const stored = await readDefinition(definitionPath(id));
        // A folder without a definition is a create that never finished: it does not exist.
        if (stored === undefined) continue;
        store.setDefinition(id, await withOldDescription(stored, definitionPath(id), metaPath(id)));
      }
    },
    async saveDefinition(id, definition) {
      await mkdir(join(sourcesDir, id), { recursive: true });
      await writeFileAtomic(definitionPath(id), `${JSON.stringify(definition, null, 2)}\n`);
    },
    async removeSource(id, forget) {
      // The definition goes first: a folder without one is a source that does not exist.
      await rm(definitionPath(id), { force: true });
      forget();
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
    async clear(forget) {
      // Renamed away and replaced in one synchronous step, with the caller's view: no
      // request sees sources whose files are half gone.
      const deleting = join(dataDir, `sources.${randomBytes(6).toString('hex')}.deleting`);
      renameSync(sourcesDir, deleting);
      mkdirSync(sourcesDir);
      forget();
      await rm(deleting, { recursive: true, force: true });
    },
  };
}

async function checkFormat(path: string): Promise<void> {
  const text = await readOptional(path);
  if (text === undefined) {
    await writeFileAtomic(path, `${JSON.stringify({ formatVersion: FORMAT_VERSION })}\n`);
    return;
  }
  let version: unknown;
  try {
    version = (JSON.parse(text) as { formatVersion?: unknown }).formatVersion;
  } catch {
    version = undefined;
  }
  if (version !== FORMAT_VERSION) {
    throw new GraphformError(
      'GF_EMULATOR_DATA_FORMAT',
      `The emulator data in ${path} has format ${String(version)}; this version reads format ${FORMAT_VERSION}`,
      {
        hint: 'Use a matching graphform version, or start from an empty `dataDir`.',
      },
    );
  }
}

function parseDefinition(text: string): ShapeResult<ContentSourceV3> {
  try {
    return checkFullDefinition(JSON.parse(text));
  } catch {
    return { ok: false, message: 'not valid JSON' };
  }
}

/** More than any definition the emulator stores; a larger file is not one of its files. */
const MAX_DATA_FILE_BYTES = 64 << 20;

/** A file of the data directory, read only when it is a regular file: a FIFO there would block the emulator's start for good. */
async function readOptional(path: string): Promise<string | undefined> {
  const bytes = await readWholeFile(path, {
    shown: `The emulator's data file ${path}`,
    maxBytes: MAX_DATA_FILE_BYTES,
    code: 'GF_EMULATOR_CORRUPT_DATA',
    hint: 'The emulator writes its files whole: remove this one, or start from an empty `dataDir`.',
  });
  return bytes?.toString('utf8');
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
