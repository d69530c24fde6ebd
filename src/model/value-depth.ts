/**
 * Whether `value` nests lists and maps deeper than `max` levels, `value` itself being the
 * first. Walks without recursion and stops at the first level too deep, so it ends on a
 * value of any depth, and on one that contains itself (a YAML alias inside its anchor).
 * Values that come from outside (data items, the service's answers) pass here before any
 * recursive walk (validation, canonical form, hashing, serialisation) meets them.
 */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const stack: { node: object; depth: number }[] = [{ node: value, depth: 1 }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (item.depth > max) return true;
    for (const child of Array.isArray(item.node) ? (item.node as unknown[]) : Object.values(item.node)) {
      if (typeof child === 'object' && child !== null) stack.push({ node: child, depth: item.depth + 1 });
    }
  }
  return false;
}
