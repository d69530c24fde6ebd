import type { AuthVerifier } from './api-credentials.js';
import type { AuthState } from '../auth/state.js';
import type { FaultInjector } from './faults.js';
import type { Repository } from './repository.js';
import type { RequestLog } from './request-log.js';
import { CMS_SOURCE_ID, cmsListEntry, listEntry, type CmsSource } from '../sources/cms.js';
import type { CmsSummary, EmulatorInspector, EmulatorItem, ItemCounts, ItemPage, ItemQuery, SourceSummary, UnsearchableItem } from '../types.js';
import type { ItemKey } from '../items/item-index.js';
import { withData } from '../items/item-store.js';
import { isRecord } from '../graph/own.js';
import { mayHoldUnsearchable, sourceKeysFor, unsearchableFields } from '../graph/searchable-names.js';

/** Counts by name in a Map: names are data, and a language may be called `constructor`. */
function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

/** A record without a prototype, so every name (`__proto__` too) is an own key and nothing else is found. */
function countsRecord(map: ReadonlyMap<string, number>): Record<string, number> {
  const record = Object.create(null) as Record<string, number>;
  for (const [key, count] of map) record[key] = count;
  return record;
}

/** Read access to everything the emulator holds, for tests and the /_emulator/ API. */
export function createInspector(deps: {
  repo: Repository;
  cms: CmsSource;
  log: RequestLog;
  faults: FaultInjector;
  auth: AuthVerifier;
  authState: AuthState;
}): EmulatorInspector {
  const { store, items } = deps.repo;
  return {
    sources(): SourceSummary[] {
      return store.ids().flatMap((id) => {
        const source = store.get(id);
        if (source === undefined) return [];
        return [{ ...listEntry(id, source.definition), items: items.index(id).size }];
      });
    },
    cms(): CmsSummary {
      return { ...cmsListEntry(deps.cms), id: CMS_SOURCE_ID, definition: structuredClone(deps.cms.definition) };
    },
    definition(id: string): unknown {
      const definition = id === CMS_SOURCE_ID ? deps.cms.definition : store.get(id)?.definition;
      return definition === undefined ? undefined : structuredClone(definition);
    },
    counts(id: string): ItemCounts | undefined {
      if (store.get(id) === undefined) return undefined;
      let total = 0;
      const byLanguage = new Map<string, number>();
      const byContentType = new Map<string, number>();
      for (const item of items.index(id).keys()) {
        total++;
        bump(byLanguage, item.lang);
        bump(byContentType, item.type);
      }
      return { total, byLanguage: countsRecord(byLanguage), byContentType: countsRecord(byContentType) };
    },
    items(id: string, query: ItemQuery = {}): ItemPage | undefined {
      if (store.get(id) === undefined) return undefined;
      const offset = Math.max(0, query.offset ?? 0);
      const limit = query.limit ?? Number.POSITIVE_INFINITY;
      const page: ItemKey[] = [];
      let total = 0;
      for (const item of items.index(id).keys()) {
        if (query.language !== undefined && item.lang !== query.language) continue;
        if (query.contentType !== undefined && item.type !== query.contentType) continue;
        if (total >= offset && page.length < limit) page.push(item);
        total++;
      }
      // Only the page's data lines are read.
      const found: EmulatorItem[] = [...withData(items, id, page)].map((item) => ({
        _id: item.id,
        language_routing: item.lang,
        contentType: item.type,
        data: JSON.parse(item.raw) as unknown,
      }));
      return { total, items: found };
    },
    unsearchable(id: string): UnsearchableItem[] | undefined {
      const source = store.get(id);
      if (source === undefined) return undefined;
      const names = sourceKeysFor(source.definition);
      const found: UnsearchableItem[] = [];
      for (const item of withData(items, id, items.index(id).keys())) {
        if (!mayHoldUnsearchable(names, item.type, item.raw)) continue;
        const data = JSON.parse(item.raw) as unknown;
        const properties = isRecord(data) ? unsearchableFields(names, item.type, data) : [];
        if (properties.length > 0) found.push({ _id: item.id, language_routing: item.lang, contentType: item.type, properties });
      }
      return found;
    },
    requests: () => deps.log.list(),
    clearRequests: () => deps.log.clear(),
    async reset(): Promise<void> {
      await deps.repo.reset();
      deps.log.clear();
      deps.faults.clear();
      deps.auth.forgetNonces();
      await deps.authState.reset();
    },
  };
}
