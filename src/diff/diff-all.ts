import { compareText } from '../model/canonical.js';
import type { SourceDefinition } from '../model/types.js';
import type { Change } from './change.js';
import { diffSource } from './diff-source.js';

/** The changes of every source id found on either side, keyed and ordered by id. */
export function diffAll(
  applied: Readonly<Record<string, SourceDefinition>>,
  desired: Readonly<Record<string, SourceDefinition>>,
): Map<string, Change[]> {
  const ids = [...new Set([...Object.keys(applied), ...Object.keys(desired)])].sort(compareText);
  return new Map(ids.map((id) => [id, diffSource(applied[id], desired[id])]));
}
