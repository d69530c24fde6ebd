import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as graphform from '../../src/index.js';

/**
 * docs/library.md's table of workflows lists every workflow the package exports (each one
 * src/workflows/index.ts wraps with libraryWorkflow, under its own name), and nothing else.
 */
const repo = path.resolve(import.meta.dirname, '../..');

function exportedWorkflows(): string[] {
  const index = readFileSync(path.join(repo, 'src/workflows/index.ts'), 'utf8');
  const wrapped = [...index.matchAll(/^export const (\w+) = libraryWorkflow\('(\w+)'/gm)];
  // The name its errors give is the name it is exported under.
  for (const [, exported, named] of wrapped) expect(named, `${exported} is checked under its own name`).toBe(exported);
  return wrapped.map((m) => m[1] ?? '').sort();
}

/** The names in the first column of the table whose header is `| workflow | command | result |`. */
function tabledWorkflows(): string[] {
  const lines = readFileSync(path.join(repo, 'docs/library.md'), 'utf8').split('\n');
  const start = lines.indexOf('| workflow | command | result |');
  expect(start, 'docs/library.md has the table of workflows').toBeGreaterThan(-1);
  const rows = lines.slice(start + 2);
  const table = rows.slice(
    0,
    rows.findIndex((line) => !line.startsWith('|')),
  );
  return table.flatMap((row) => [...(row.split('|')[1] ?? '').matchAll(/`(\w+)/g)].map((m) => m[1] ?? '')).sort();
}

describe('the workflows of docs/library.md', () => {
  it('are every workflow the package exports, and each one is a function of the package', () => {
    const exported = exportedWorkflows();
    expect(exported.length).toBeGreaterThan(10);
    expect(tabledWorkflows()).toEqual(exported);
    for (const name of exported) expect(typeof (graphform as Record<string, unknown>)[name], name).toBe('function');
  });
});
