import { describe, expect, it } from 'vitest';
import { MAX_DECLARATION_DEPTH } from '../../src/load/nesting-depth.js';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { graphClientFor, startTestEmulator } from '../helpers/emulator.js';
import { graphProject } from '../helpers/graph-project.js';

/**
 * Issue 24: GET types answering a definition with an unknown field nested 5,000 or 100,000
 * lists deep made plan and import end in "Internal error … This is a bug in graphform" (a
 * recursive walk ran out of stack). The answer is refused, with its source and endpoint.
 */
const NOTE = '{"contentType":[],"properties":{"Text":{"type":"String"}}}';
const answer = (extra: string): string => `{"label":"Notes","languages":["en"],"contentTypes":{"Note":${NOTE}},"extra":${extra}}`;
const nested = (levels: number): string => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const DECLARATION = 'id: dp\nlabel: Notes\nlanguages: [en]\ncontentTypes:\n  Note:\n    contentType: []\n    properties:\n      Text: { type: String }\n';
const TOO_DEEP = `The graph service answered GET types for source dp with a definition graphform cannot read: it nests lists and maps more than ${MAX_DECLARATION_DEPTH} levels deep`;

function answerTypes(emulator: RunningEmulator, body: string): void {
  emulator.faults.add({ method: 'GET', pathPrefix: '/api/content/v3/types', status: 200, body, count: 10 });
}

describe('a GET types answer nested deeper than a declaration may be', () => {
  it.each([5_000, 100_000])('the client refuses %i nested lists with GF_GRAPH_BAD_RESPONSE', async (levels) => {
    const emulator = await startTestEmulator();
    answerTypes(emulator, answer(nested(levels)));
    await expect(graphClientFor(emulator).getTypes('dp')).rejects.toMatchObject({
      code: 'GF_GRAPH_BAD_RESPONSE',
      message: expect.stringContaining(TOO_DEEP) as unknown,
    });
  });

  it('reads an unknown field as deep as a declaration may nest (the root is the first level)', async () => {
    const emulator = await startTestEmulator();
    answerTypes(emulator, answer(nested(MAX_DECLARATION_DEPTH - 1)));
    expect(await graphClientFor(emulator).getTypes('dp')).toMatchObject({ status: 'found', unknown: ['extra'] });
  });

  it.each([
    ['plan', ['plan']],
    ['import', ['import', 'dp']],
  ])('%s says so, naming the source and the endpoint, never an internal error', async (_, argv) => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/dp.yaml': DECLARATION });
    answerTypes(emulator, answer(nested(100_000)));
    const run = await project.cli(...argv);
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stderr).toContain(TOO_DEEP);
    expect(run.stdout + run.stderr).not.toMatch(/internal error|bug in graphform/i);
  });
});
