/**
 * True when `value` contains itself: YAML lets an alias (*a) sit inside the node its anchor
 * (&a) names, which yaml turns into an object that refers to itself. JSON cannot hold it, so
 * it must be a diagnostic before anything serialises the item. Walks objects and arrays
 * depth first, with the ones on the current path in a set.
 */
export function isCyclic(value: unknown): boolean {
  const path = new Set<object>();
  const visit = (node: unknown): boolean => {
    if (typeof node !== 'object' || node === null) return false;
    if (path.has(node)) return true;
    path.add(node);
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (visit(child)) return true;
    }
    path.delete(node);
    return false;
  };
  return visit(value);
}
