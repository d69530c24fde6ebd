import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { OPERATION_STATUSES } from '../../operations/types.js';
import type { CheckOutcome } from './operations-check-types.js';
import { isRecord } from '../../model/is-record.js';

/** Where the operations check keeps its last outcomes, under the config's folder (`graphform init` git-ignores `.graphform/`). */
export const OPERATIONS_CACHE_FILE = '.graphform/cache/operations.json';
/** What a cache file says it is; any other file there is not read. */
const FORMAT = 'graphform-operations-cache/1';
/** Outcomes kept: enough for a few environments and check-operations, each under its own key. */
export const CACHE_ENTRIES = 4;

/** An outcome and what it was found for. */
export interface CacheEntry {
  /** The digest of everything the outcome depends on. */
  key: string;
  /** The digest of the documents and the declarations alone: a plan whose match this is will likely hit. */
  hint: string;
  outcome: CheckOutcome;
}

/** The cache's entries, newest first; none when the file is missing, damaged, foreign or unreadable, which is never an error. */
export async function readOperationsCache(rootDir: string): Promise<CacheEntry[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path.join(rootDir, OPERATIONS_CACHE_FILE), 'utf8'));
  } catch {
    return [];
  }
  if (!isRecord(parsed) || parsed.format !== FORMAT || !Array.isArray(parsed.entries)) return [];
  return parsed.entries.filter(isEntry).slice(0, CACHE_ENTRIES);
}

/**
 * Puts `entry` first and keeps the newest others, written whole to a temporary file in the
 * cache's folder (only the user may read it) and renamed over the old one, so a reader never
 * sees half a file. A cache that cannot be written (a read-only checkout) is left as it is.
 */
export async function writeOperationsCache(rootDir: string, entry: CacheEntry, previous: readonly CacheEntry[]): Promise<void> {
  const file = path.join(rootDir, OPERATIONS_CACHE_FILE);
  const entries = [entry, ...previous.filter((e) => e.key !== entry.key)].slice(0, CACHE_ENTRIES);
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await writeFile(temporary, `${JSON.stringify({ format: FORMAT, entries })}\n`, { mode: 0o600, flag: 'wx' });
    await rename(temporary, file);
  } catch {
    await rm(temporary, { force: true }).catch(() => undefined);
  }
}

const STATUSES: ReadonlySet<unknown> = new Set(OPERATION_STATUSES);

function isEntry(value: unknown): value is CacheEntry {
  if (!isRecord(value) || typeof value.key !== 'string' || typeof value.hint !== 'string' || !isRecord(value.outcome)) return false;
  const { operations, extractDiagnostics, checkDiagnostics, schemaProblems } = value.outcome;
  return (
    Array.isArray(operations) &&
    operations.every(isOperation) &&
    Array.isArray(extractDiagnostics) &&
    extractDiagnostics.every(isDiagnostic) &&
    Array.isArray(checkDiagnostics) &&
    checkDiagnostics.every(isDiagnostic) &&
    (schemaProblems === undefined || (Array.isArray(schemaProblems) && schemaProblems.every((p) => typeof p === 'string')))
  );
}

function isPlace(value: Record<string, unknown>): boolean {
  return typeof value.file === 'string' && typeof value.line === 'number' && typeof value.column === 'number';
}

function isOperation(value: unknown): boolean {
  return (
    isRecord(value) &&
    isPlace(value) &&
    typeof value.name === 'string' &&
    typeof value.kind === 'string' &&
    STATUSES.has(value.status) &&
    Array.isArray(value.problems) &&
    Array.isArray(value.changes)
  );
}

function isDiagnostic(value: unknown): boolean {
  return (
    isRecord(value) &&
    isPlace(value) &&
    typeof value.code === 'string' &&
    typeof value.message === 'string' &&
    (value.severity === 'error' || value.severity === 'warning')
  );
}
