import type { DataFile, ReadEntry } from '../types.js';

/** How many records a memory input hands out at once, like a reader's chunk. */
const CHUNK = 500;

/**
 * A data input held in memory (assets mapped to items) that the push pipeline reads like a
 * file: `display` names it in the summary, each record names itself in diagnostics.
 */
export function memoryInput(display: string, entries: readonly ReadEntry[]): DataFile {
  return {
    path: display,
    display,
    async *entries() {
      for (let start = 0; start < entries.length; start += CHUNK) yield entries.slice(start, start + CHUNK);
    },
  };
}
