import { randomBytes } from 'node:crypto';
import { IdHashSet, idHash } from '../data/validate/id-set.js';
import type { SourceDefinition } from '../model/types.js';
import type { ContentEndpoint } from './content-query.js';
import { exportSourceItems, type ExportOptions } from './export-items.js';

/**
 * The `(_id, language)` of every item one reader sees, as salted 64-bit hashes (about 10
 * bytes an item). A false hit would count an item the reader does not see as seen; its odds
 * are about 1 in 10^9 at 100,000 items, and the salt is drawn per read, so a run again does
 * not meet the same one.
 */
export class VisibleKeys {
  private readonly keys = new IdHashSet();
  private readonly salt = randomBytes(8).toString('hex');

  get size(): number {
    return this.keys.size;
  }

  add(language: string, id: string): void {
    this.keys.add(idHash(`${this.salt}${language}`, id));
  }

  has(language: string, id: string): boolean {
    return this.keys.has(idHash(`${this.salt}${language}`, id));
  }
}

/**
 * Which items of the source the single key sees: what the public sees (published, not
 * expired, readable by everyone). Every concrete type and language is read by cursor paging
 * as the admin read-back is, `_id` and ContentType only, with its checks (each item once,
 * as many as the total says); a read that cannot be finished throws, as the read-back does.
 */
export async function readVisibleKeys(endpoint: ContentEndpoint, definition: SourceDefinition, options: ExportOptions = {}): Promise<VisibleKeys> {
  const visible = new VisibleKeys();
  for await (const item of exportSourceItems(endpoint, definition, { ...options, idsOnly: true })) visible.add(item.language, item.id);
  return visible;
}
