import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph } from '../helpers/import-graph.js';

const SRC = path.resolve(import.meta.dirname, '../../src');

/** graphform's client model: what the emulator must be written apart from, so each side checks the other. */
const CLIENT_ROOMS = ['data', 'graph', 'plan', 'apply', 'workflows', 'cli', 'marketing'];

/** The emulator's imports (resolved against src/) that reach a client room: `../graph/` inside src/emulator/ is its own graph folder, not src/graph/. */
function clientImports(graph: ReadonlyMap<string, readonly string[]>): string[] {
  return [...graph]
    .filter(([file]) => file.startsWith('emulator/'))
    .flatMap(([file, targets]) => targets.filter((target) => CLIENT_ROOMS.includes(target.split('/')[0] ?? '')).map((target) => `${file} imports ${target}`));
}

describe('the emulator is written apart from the client', () => {
  it('imports nothing from src/data, src/graph, src/plan, src/apply, src/workflows, src/cli or src/marketing', () => {
    expect(clientImports(importGraph(SRC)), 'the emulator keeps its own copy of each service rule it needs (see ARCHITECTURE.md, src/emulator/)').toEqual([]);
  });

  it("tells the emulator's own graph folder from the client's (the check itself works)", () => {
    const graph = new Map([
      ['emulator/graph/routes.ts', ['emulator/graph/data-batch.ts', 'emulator/server/body-lines.ts']],
      ['emulator/server/persistence.ts', ['graph/source-id.ts', 'diagnostics/errors.ts', 'fs/atomic-file.ts']],
      ['emulator/graphql/filters.ts', ['data/wire-names.ts']],
      ['cli/commands/emulator.ts', ['emulator/index.ts', 'cli/actions/emulator.ts']],
    ]);
    expect(clientImports(graph)).toEqual([
      'emulator/server/persistence.ts imports graph/source-id.ts',
      'emulator/graphql/filters.ts imports data/wire-names.ts',
    ]);
  });
});
