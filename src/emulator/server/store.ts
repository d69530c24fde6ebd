import type { ContentSourceV3 } from '../graph/wire-definition.js';

export interface SourceRecord {
  id: string;
  /** As the last PUT sent it, merged by POST types, label and description set by POST sources. */
  definition: ContentSourceV3;
}

/**
 * The emulator's sources and their definitions, in memory: they are what nearly every
 * request reads. The items are the item store's (items/); persistence mirrors every change.
 */
export class MemoryStore {
  private readonly sources = new Map<string, SourceRecord>();
  private changes = 0;

  /** Moves whenever a definition is set or a source goes: the GraphQL schema is rebuilt when it does. */
  get revision(): number {
    return this.changes;
  }

  get size(): number {
    return this.sources.size;
  }

  get(id: string): SourceRecord | undefined {
    return this.sources.get(id);
  }

  ids(): string[] {
    return [...this.sources.keys()].sort();
  }

  /** Creates the source, or replaces its definition. */
  setDefinition(id: string, definition: ContentSourceV3): void {
    this.changes++;
    this.sources.set(id, { id, definition });
  }

  /** Forgets the source and its definition. */
  remove(id: string): void {
    this.changes++;
    this.sources.delete(id);
  }

  clear(): void {
    this.changes++;
    this.sources.clear();
  }
}
