/**
 * Where following declared renames from `name` ends: A → B, B → C ends at C. A cycle (which
 * validation refuses) stops where it closes, so the walk always ends.
 */
export function followMoves(name: string, byFrom: ReadonlyMap<string, string>): string {
  const seen = new Set<string>();
  let current = name;
  for (let next = byFrom.get(current); next !== undefined && !seen.has(next); next = byFrom.get(current)) {
    seen.add(current);
    current = next;
  }
  return current;
}
