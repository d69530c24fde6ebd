import type { AuthVerifier } from './auth.js';
import type { FaultInjector } from './faults.js';
import type { Repository } from './repository.js';
import type { RequestLog } from './request-log.js';
import type { EmulatorInspector, EmulatorItem, ItemCounts, ItemPage, ItemQuery, SourceSummary } from './types.js';

function bump(map: Record<string, number>, key: string): void {
  map[key] = (map[key] ?? 0) + 1;
}

/** Read access to everything the emulator holds, for tests and the /_emulator/ API. */
export function createInspector(deps: { repo: Repository; log: RequestLog; faults: FaultInjector; auth: AuthVerifier }): EmulatorInspector {
  const { store } = deps.repo;
  return {
    sources(): SourceSummary[] {
      return store.ids().map((id) => {
        const definition = store.get(id)?.definition;
        return { id, label: definition?.label ?? '', languages: [...(definition?.languages ?? [])], items: store.itemCount(id) };
      });
    },
    definition(id: string): unknown {
      const definition = store.get(id)?.definition;
      return definition === undefined ? undefined : structuredClone(definition);
    },
    counts(id: string): ItemCounts | undefined {
      if (store.get(id) === undefined) return undefined;
      const counts: ItemCounts = { total: 0, byLanguage: {}, byContentType: {} };
      for (const item of store.items(id)) {
        counts.total++;
        bump(counts.byLanguage, item.lang);
        bump(counts.byContentType, item.type);
      }
      return counts;
    },
    items(id: string, query: ItemQuery = {}): ItemPage | undefined {
      if (store.get(id) === undefined) return undefined;
      const offset = Math.max(0, query.offset ?? 0);
      const limit = query.limit ?? Number.POSITIVE_INFINITY;
      const page: EmulatorItem[] = [];
      let total = 0;
      for (const item of store.items(id)) {
        if (query.language !== undefined && item.lang !== query.language) continue;
        if (query.contentType !== undefined && item.type !== query.contentType) continue;
        if (total >= offset && page.length < limit) page.push({ _id: item.id, language_routing: item.lang, contentType: item.type, data: JSON.parse(item.raw) as unknown });
        total++;
      }
      return { total, items: page };
    },
    requests: () => deps.log.list(),
    clearRequests: () => deps.log.clear(),
    async reset(): Promise<void> {
      await deps.repo.reset();
      deps.log.clear();
      deps.faults.clear();
      deps.auth.forgetNonces();
    },
  };
}
