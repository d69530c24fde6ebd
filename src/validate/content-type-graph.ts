import type { ContentTypeView, SourceView } from './source-view.js';

/** A source's content types by name, and each one's bases that name a content type of the source. */
export interface ContentTypeGraph {
  byName: ReadonlyMap<string, ContentTypeView>;
  /** Known bases only, in declared order, without repeats. */
  basesOf(name: string): readonly string[];
}

/** One graph per source, and each type's bases worked out once: several rules walk the same ancestors. */
const graphs = new WeakMap<SourceView, ContentTypeGraph>();

export function contentTypeGraph(source: SourceView): ContentTypeGraph {
  const known = graphs.get(source);
  if (known !== undefined) return known;
  const byName = new Map(source.contentTypes.map((contentType) => [contentType.name, contentType]));
  const bases = new Map<string, readonly string[]>();
  const graph: ContentTypeGraph = {
    byName,
    basesOf: (name) => {
      let found = bases.get(name);
      if (found === undefined) {
        found = [...new Set((byName.get(name)?.bases ?? []).map((base) => base.name).filter((base) => byName.has(base)))];
        bases.set(name, found);
      }
      return found;
    },
  };
  graphs.set(source, graph);
  return graph;
}

/**
 * The inheritance cycles of a source, each as the walk that closes it (A → B → A), starting
 * at the earliest declared member and reported once per strongly connected group.
 */
export function inheritanceCycles(source: SourceView): string[][] {
  const graph = contentTypeGraph(source);
  if (isAcyclic(source, graph)) return [];
  const done = new Set<string>();
  const cycles: string[][] = [];
  for (const contentType of source.contentTypes) {
    if (done.has(contentType.name)) continue;
    const cycle = shortestCycleThrough(contentType.name, graph);
    if (cycle === undefined) continue;
    cycles.push(cycle);
    for (const member of reachableWithin(contentType.name, graph)) done.add(member);
  }
  return cycles;
}

/** Types that sit on some cycle; rules that walk ancestors skip them. */
export function typesOnCycles(source: SourceView): Set<string> {
  const graph = contentTypeGraph(source);
  if (isAcyclic(source, graph)) return new Set();
  return new Set(source.contentTypes.map((c) => c.name).filter((name) => shortestCycleThrough(name, graph) !== undefined));
}

/**
 * Whether no content type derives from itself, by one depth-first walk: nearly every source
 * is, and then no type needs its own search for a cycle.
 */
function isAcyclic(source: SourceView, graph: ContentTypeGraph): boolean {
  const state = new Map<string, 'open' | 'done'>();
  for (const contentType of source.contentTypes) {
    if (state.has(contentType.name)) continue;
    const stack: { name: string; next: number }[] = [{ name: contentType.name, next: 0 }];
    state.set(contentType.name, 'open');
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as { name: string; next: number };
      const base = graph.basesOf(top.name)[top.next++];
      if (base === undefined) {
        state.set(top.name, 'done');
        stack.pop();
      } else if (state.get(base) === 'open') {
        return false;
      } else if (!state.has(base)) {
        state.set(base, 'open');
        stack.push({ name: base, next: 0 });
      }
    }
  }
  return true;
}

function shortestCycleThrough(start: string, graph: ContentTypeGraph): string[] | undefined {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift() as string;
    for (const base of graph.basesOf(current)) {
      if (base === start) {
        const walk = [start];
        for (let node = current; node !== start; node = previous.get(node) as string) walk.splice(1, 0, node);
        return [...walk, start];
      }
      if (!previous.has(base)) {
        previous.set(base, current);
        queue.push(base);
      }
    }
  }
  return undefined;
}

/** Members of the cycle group of `start`: types reachable from it that also reach it. */
function reachableWithin(start: string, graph: ContentTypeGraph): Set<string> {
  const reach = (from: string): Set<string> => {
    const seen = new Set<string>();
    const stack = [from];
    while (stack.length > 0) {
      for (const base of graph.basesOf(stack.pop() as string)) {
        if (!seen.has(base)) {
          seen.add(base);
          stack.push(base);
        }
      }
    }
    return seen;
  };
  const forward = reach(start);
  return new Set([start, ...[...forward].filter((name) => reach(name).has(start))]);
}
