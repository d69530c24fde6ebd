import { excerpt } from '../../diagnostics/excerpt.js';
import { DATA_CODES } from '../codes.js';
import { dataIssue } from '../read/issue.js';
import type { PlainItemFields } from '../read/plain-item.js';
import { readDataRecords } from '../read/read-data-file.js';
import type { DataFile, DataRecord } from '../types.js';
import { idHash, idHashKey } from './id-set.js';
import type { PassTally } from './pass-tally.js';

export function locationKey(record: { file: string; line: number }): string {
  return `${record.file}:${record.line}`;
}

/**
 * Tells real duplicates from hash collisions among the suspects, reports each (after the
 * first occurrence) as GF_DATA_DUPLICATE_ID, and returns their `file:line`.
 */
export async function reportDuplicates(files: readonly DataFile[], fields: PlainItemFields, tally: PassTally): Promise<Set<string>> {
  const duplicates = new Set<string>();
  if (tally.suspectHashes.size === 0) return duplicates;
  for (const { record, first } of await confirmDuplicates(files, fields, tally.suspectHashes)) {
    duplicates.add(locationKey(record));
    tally.collector.add(
      dataIssue(
        DATA_CODES.duplicateId,
        record.file,
        record.line,
        `_id "${excerpt(record.action.id)}" in language "${excerpt(record.action.language)}" appears more than once in this push (first at ${first}); ` +
          'batches are sent in parallel, so which one wins is not defined.',
        '',
      ),
    );
    if (tally.suspects.get(locationKey(record)) === false) tally.invalid++;
  }
  return duplicates;
}

/** Re-reads the files looking only at ids whose hash repeated, to tell real duplicates from hash collisions. */
async function confirmDuplicates(files: readonly DataFile[], fields: PlainItemFields, hashes: Set<string>): Promise<{ record: DataRecord; first: string }[]> {
  const firstSeen = new Map<string, string>();
  const found: { record: DataRecord; first: string }[] = [];
  for (const file of files) {
    for await (const record of readDataRecords(file, fields)) {
      if (!hashes.has(idHashKey(idHash(record.action.language, record.action.id)))) continue;
      const key = `${record.action.language}\u0000${record.action.id}`;
      const first = firstSeen.get(key);
      if (first === undefined) firstSeen.set(key, locationKey(record));
      else found.push({ record, first });
    }
  }
  return found;
}
