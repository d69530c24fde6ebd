import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import * as graphform from '../../src/index.js';
import { detailedExitCode } from '../../src/plan/policy.js';
import { renderPlanText } from '../../src/render/plan-text.js';
import type { DataLedger, State } from '../../src/state/types.js';
import { CONFIG, expected, ndjson, pages, served, SOURCE } from '../helpers/declared-docs.js';
import { makeProjectDir } from '../helpers/temp-dir.js';
import { testHost } from '../helpers/workflow-host.js';

/**
 * A ledger in state that is damaged or hand-edited is read as no ledger: every declared
 * item is sent once more and recorded anew, nothing is deleted, and a warning names the
 * source and what is wrong. Before, rows out of order matched no declared item, so apply
 * deleted every one of them after sending them, exited 0, and the next plan said "No changes".
 */
const STATE = '.graphform/state/local.json';

async function editLedger(dir: string, edit: (ledger: DataLedger) => DataLedger): Promise<void> {
  const file = path.join(dir, STATE);
  const state = JSON.parse(await readFile(file, 'utf8')) as State;
  const entry = state.sources.docs;
  if (entry?.data === undefined) throw new Error('the first apply recorded no ledger for docs');
  entry.data = edit(entry.data);
  await writeFile(file, JSON.stringify({ ...state, serial: state.serial + 1 }));
}

/** The same rows and entries, last first: every entry still names its own row's item, but the rows are out of key order. */
function reversed(ledger: DataLedger): DataLedger {
  const bytes = Buffer.from(ledger.rows, 'base64');
  const rows: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 12) rows.push(bytes.subarray(at, at + 12));
  const lines = inflateRawSync(Buffer.from(ledger.entries, 'base64')).toString('utf8').split('\n');
  return {
    ...ledger,
    rows: Buffer.concat(rows.reverse()).toString('base64'),
    entries: deflateRawSync(Buffer.from(lines.reverse().join('\n'))).toString('base64'),
  };
}

const warnings = (messages: readonly graphform.WorkflowMessage[]): string[] => messages.filter((m) => m.kind === 'warning').map((m) => m.text);

describe('a damaged ledger', () => {
  it(
    'with rows out of order: every declared item sent once more, none deleted, a warning says why, and the next plan has no changes',
    { timeout: 90_000 },
    async () => {
      const declared = pages(12, 'd');
      const dir = await makeProjectDir({ 'graphform.config.yaml': CONFIG, 'content-sources/docs.yaml': SOURCE(), 'data/pages.ndjson': ndjson(declared) });
      const env = testHost(dir);
      expect((await graphform.apply({}, env)).ok).toBe(true);
      await editLedger(dir, reversed);

      const { plan } = await graphform.plan({}, env);
      const changes = plan.sources[0]?.dataChanges;
      expect(changes, 'a ledger out of order must be read as none: every item added, none deleted').toMatchObject({
        ledger: false,
        add: 12,
        change: 0,
        delete: 0,
      });
      expect(changes?.ledgerDamaged).toMatch(/rows are not in key order/);
      expect(warnings(env.messages).join('\n'), 'the warning names the source and what is wrong').toMatch(
        /source docs's data files is damaged \(its rows are not in key order/,
      );
      expect(
        env.messages.flatMap((m) => (m.kind === 'warning' ? [m.code] : [])),
        'the warning carries its documented code, for a script',
      ).toContain('GF_LEDGER_DAMAGED');
      expect(renderPlanText(plan, { color: new Chalk({ level: 0 }), showDiff: false })).toContain(
        "state's record of an earlier push from these files is damaged (its rows are not in key order",
      );

      const applied = await graphform.apply({}, env);
      expect(applied.ok, JSON.stringify(applied.outcomes)).toBe(true);
      expect(applied.outcomes[0]?.dataSync, 'apply sends every declared item again and deletes none').toMatchObject({ add: 12, change: 0, delete: 0 });
      expect(await served(dir), 'every declared item is still served after the apply').toEqual(expected(declared));
      // The ledger written anew is whole: nothing left to do.
      const after = await graphform.plan({}, env);
      expect(detailedExitCode(after.plan)).toBe(0);
      expect(after.plan.sources[0]?.dataChanges).toMatchObject({ ledger: true, unchanged: 12 });
    },
  );

  it('whose entries inflate far past what its items take: refused quickly with a warning, not inflated', { timeout: 60_000 }, async () => {
    const declared = pages(3, 'd');
    const dir = await makeProjectDir({ 'graphform.config.yaml': CONFIG, 'content-sources/docs.yaml': SOURCE(), 'data/pages.ndjson': ndjson(declared) });
    const env = testHost(dir);
    expect((await graphform.apply({}, env)).ok).toBe(true);
    // 200 MB of one byte, deflated to about 200 KB: inflated whole, a plan took gigabytes.
    const bomb = deflateRawSync(Buffer.alloc(200 * 1024 * 1024, 0x61), { level: 9 }).toString('base64');
    await editLedger(dir, (ledger) => ({ ...ledger, entries: bomb }));
    const rss = process.memoryUsage().rss;
    const { plan } = await graphform.plan({}, env);
    expect(process.memoryUsage().rss - rss, 'the plan inflated the damaged entries whole').toBeLessThan(100 * 1024 * 1024);
    expect(plan.sources[0]?.dataChanges).toMatchObject({ ledger: false, add: 3, delete: 0 });
    expect(warnings(env.messages).join('\n')).toMatch(
      /source docs's data files is damaged \(its entries inflate to more than \d+ bytes, the most 3 items take\)/,
    );
  });

  it('of a source that dropped data: in the same edit: nothing deleted, the ledger goes, and a warning says why', { timeout: 60_000 }, async () => {
    const declared = pages(4, 'd');
    const dir = await makeProjectDir({ 'graphform.config.yaml': CONFIG, 'content-sources/docs.yaml': SOURCE(), 'data/pages.ndjson': ndjson(declared) });
    const env = testHost(dir);
    expect((await graphform.apply({}, env)).ok).toBe(true);
    await editLedger(dir, reversed);
    await writeFile(path.join(dir, 'content-sources/docs.yaml'), SOURCE(null));
    const { plan } = await graphform.plan({}, env);
    // A damaged ledger cannot say which items graphform pushed: none is deleted on its word.
    expect(plan.sources[0]?.dataChanges, 'a damaged ledger named items to delete').toMatchObject({ declared: 0, add: 0, delete: 0 });
    expect(warnings(env.messages).join('\n')).toMatch(/source docs's data files is damaged \(its rows are not in key order/);
    const applied = await graphform.apply({}, env);
    expect(applied.ok, JSON.stringify(applied.outcomes)).toBe(true);
    expect(await served(dir), 'items were deleted on the word of a damaged ledger').toEqual(expected(declared));
    const state = JSON.parse(await readFile(path.join(dir, STATE), 'utf8')) as State;
    expect(state.sources.docs?.data, 'the damaged ledger stays in state, warning on every plan').toBeUndefined();
    expect(detailedExitCode((await graphform.plan({}, env)).plan)).toBe(0);
  });
});
