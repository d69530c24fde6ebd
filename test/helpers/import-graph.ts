import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** Every module of src/ and the src/ modules it imports (static, type-only and dynamic), by path relative to src/. */
export function importGraph(srcDir: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of tsFiles(srcDir)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((imported) => imported.fileName)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) =>
        path
          .relative(srcDir, path.resolve(path.dirname(file), specifier.replace(/\.js$/, '.ts')))
          .split(path.sep)
          .join('/'),
      );
    graph.set(path.relative(srcDir, file).split(path.sep).join('/'), [...new Set(targets)].sort());
  }
  return graph;
}

/** The cycles of the graph, each as the path that closes it (a → b → a), found by Tarjan's strongly connected components. */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (;;) {
      const member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
      if (member === node) break;
    }
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) components.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return components.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}

function tsFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...tsFiles(full));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) files.push(full);
  }
  return files.sort();
}
