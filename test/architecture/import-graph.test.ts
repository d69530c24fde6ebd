import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph } from '../helpers/import-graph.js';

const SRC = path.resolve(import.meta.dirname, '../../src');
const graph = importGraph(SRC);

describe('the import graph of src/', () => {
  it('has no cycles: files that need each other share a third file instead', () => {
    expect(importCycles(graph), 'each list is a set of files that import each other, directly or around a loop').toEqual([]);
  });

  it('finds a cycle when there is one (the check itself works)', () => {
    const looped = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(importCycles(looped)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('keeps the command line a skin: no module outside src/cli/ imports one inside it, the library entry (index.ts) included', () => {
    const offenders = [...graph]
      .filter(([file]) => !file.startsWith('cli/'))
      .flatMap(([file, targets]) => targets.filter((target) => target.startsWith('cli/')).map((target) => `${file} imports ${target}`));
    expect(offenders).toEqual([]);
  });

  it('sees every kind of import: static, type-only, re-exports and dynamic import()', () => {
    expect(graph.get('load/parse.ts')).toContain('load/declaration-file.ts');
    expect(graph.get('cli/commands/emulator.ts')).toContain('cli/actions/emulator.ts');
  });
});
