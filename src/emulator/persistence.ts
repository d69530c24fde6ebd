import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { GraphformError } from '../diagnostics/errors.js';
import type { SourceDefinition } from '../model/types.js';
import { isValidSourceId } from '../graph/source-id.js';
import { appendLines, writeFileAtomic } from '../fs/atomic-file.js';
import { encodeItem, encodeOp, replayJournal } from './journal.js';
import type { ItemOp, ItemRecord, MemoryStore } from './store.js';

/** Where the emulator's state lives between requests; memory only, or a data directory. */
export interface Persistence {
  /** Fills the store from disk (replaying and compacting journals). */
  load(store: MemoryStore): Promise<void>;
  /** Writes a definition; `wipe` also empties the source's items (a full update). */
  saveDefinition(id: string, definition: SourceDefinition, wipe: boolean): Promise<void>;
  /** One append per request; the operations are encoded as they are written, never all at once. */
  appendOps(id: string, ops: Iterable<ItemOp>): Promise<void>;
  /** Replaces the journal with exactly these items (compaction). */
  rewriteItems(id: string, items: Iterable<ItemRecord>): Promise<void>;
  clear(): Promise<void>;
}

export const memoryPersistence: Persistence = {
  load: async () => undefined,
  saveDefinition: async () => undefined,
  appendOps: async () => undefined,
  rewriteItems: async () => undefined,
  clear: async () => undefined,
};

const FORMAT_VERSION = 1;

/**
 * Layout: `emulator.json` (format version), and per source `sources/<id>/definition.json`
 * (written atomically) and `sources/<id>/items.ndjson` (the journal, see journal.ts).
 */
export function diskPersistence(dataDir: string): Persistence {
  const sourcesDir = join(dataDir, 'sources');
  const definitionPath = (id: string): string => join(sourcesDir, id, 'definition.json');
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
        const definition = await readDefinition(definitionPath(id));
        // A folder without a definition is a create that never finished: it does not exist.
        if (definition === undefined) continue;
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

async function readDefinition(path: string): Promise<SourceDefinition | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  try {
    return JSON.parse(text) as SourceDefinition;
  } catch {
    throw new GraphformError('GF_EMULATOR_CORRUPT_DATA', `The emulator's definition file ${path} is not valid JSON`, {
      details: { path },
      hint: 'Definitions are written atomically, so this file was changed by hand: fix or remove it.',
    });
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
