import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyBuiltBinary, type BuiltCopy } from '../helpers/keep-built-copy.js';
import { copyTemplate, makeKillTemplate, type KillTemplate } from '../helpers/keep-kill-project.js';
import { expectedServed, readServed, snapshotFiles, type NewsItem } from '../helpers/keep-news.js';
import { seededRandom } from '../helpers/seeded-random.js';
import { makeTempDir } from '../helpers/temp-dir.js';

/**
 * kill -9 during an apply that keeps items (DESIGN.md section 7: "A kill at any point is
 * finished by the next apply from the snapshot"). The built binary applies a content type
 * rename to a source of a few hundred items on the embedded local emulator persisted in
 * the project; it is killed at a point drawn from a seeded random spread over an unkilled
 * run's duration, or when its output shows it has reached a step. Then one plain
 * `graphform apply --yes`, with no manual step, must finish: exit 0, every item served once
 * under its new type, no snapshot left, and a plan with no changes.
 */

const SEED = 20261127;
const RUNS = 10;
let template: KillTemplate;
let unkilledMs = 0;
let binary: BuiltCopy;

beforeAll(async () => {
  binary = await copyBuiltBinary();
  template = await makeKillTemplate(280, 20);
}, 120_000);

afterAll(async () => {
  await template?.remove();
  await binary?.remove();
});

const renamed = (): NewsItem[] => template.items.map((i) => (i.type === 'ReleaseNote' ? { ...i, type: 'Changelog' } : i));

async function freshProject(): Promise<string> {
  const dir = await makeTempDir('graphform-keep-kill-run-');
  await copyTemplate(template, dir);
  return dir;
}

async function expectFinished(dir: string, context: string): Promise<void> {
  const served = await readServed(dir, template.renamed);
  for (const [pair, total] of served.totals) expect(served.read.get(pair), `${context}: items read for ${pair.replace('\n', '/')}`).toBe(total);
  const expected = expectedServed(renamed());
  const missing = [...expected.keys()].filter((k) => !served.items.has(k));
  const extra = [...served.items.keys()].filter((k) => !expected.has(k));
  expect({ missing: missing.slice(0, 5), extra: extra.slice(0, 5), counts: [missing.length, extra.length] }, context).toEqual({
    missing: [],
    extra: [],
    counts: [0, 0],
  });
  const different = [...expected].filter(([k, want]) => {
    try {
      expect(served.items.get(k)).toEqual(want);
      return false;
    } catch {
      return true;
    }
  });
  expect(
    different.slice(0, 3).map(([k, want]) => ({ key: k, want, got: served.items.get(k) })),
    context,
  ).toEqual([]);
  expect(
    [...served.totals.values()].reduce((a, b) => a + b, 0),
    context,
  ).toBe(template.items.length);
  expect(await snapshotFiles(dir), context).toEqual([]);
  const plan = await binary.run(dir, ['plan', '--detailed-exitcode']);
  expect(plan.code, `${context}: ${plan.stdout}${plan.stderr}`).toBe(0);
  expect(plan.stdout).toContain('No changes.');
}

describe('kill -9 during an apply that keeps items', () => {
  it('an unkilled run applies the rename and keeps every item (and gives the time the kills are spread over)', async () => {
    const dir = await freshProject();
    const started = Date.now();
    const run = binary.spawn(dir, ['apply', '--yes']);
    const ended = await run.ended;
    unkilledMs = Date.now() - started;
    expect(ended.code, run.output()).toBe(0);
    expect(run.output()).toContain('news: sent 300, served 300');
    await expectFinished(dir, 'unkilled');
  }, 60_000);

  // Points spread over the unkilled run's duration, drawn from a seed so a failure repeats; then
  // points chosen by the output: right as the PUT goes out, right after it, during the restore, while counting.
  const random = seededRandom(SEED);
  const points: KillPoint[] = [
    ...Array.from({ length: RUNS }, (_, i): KillPoint => ({ name: `random ${i + 1}`, fraction: random() })),
    { name: 'as the PUT goes out', after: 'replacing the schema', extraMs: 0 },
    // The keep step reads the items back and writes the snapshot after that line, before the PUT.
    ...[0, 1, 2].map((i): KillPoint => ({ name: `during the keep step (${i + 1})`, after: 'replacing the schema', extraMs: 2 + Math.floor(random() * 80) })),
    { name: 'right after the PUT', after: 'schema replaced', extraMs: 0 },
    { name: 'during the restore', after: 'GraphQL serves the new schema', extraMs: 5 + Math.floor(random() * 60) },
    { name: 'while counting what is served', after: 'pushed 300 items', extraMs: 0 },
  ];

  it.each(points)(
    'killed at $name: one plain apply finishes, every item kept once, no snapshot left, nothing to plan',
    async (point) => {
      if ('fraction' in point) expect(unkilledMs, 'the unkilled run gives the duration').toBeGreaterThan(0);
      const dir = await freshProject();
      const run = binary.spawn(dir, ['apply', '--yes']);
      let at: string;
      if ('fraction' in point) {
        const delay = Math.round(point.fraction * unkilledMs);
        at = `${delay} ms after the start`;
        await new Promise((resolve) => setTimeout(resolve, delay));
      } else {
        await run.printed(point.after);
        if (point.extraMs > 0) await new Promise((resolve) => setTimeout(resolve, point.extraMs));
        at = `${point.extraMs} ms after "${point.after}"`;
      }
      run.child.kill('SIGKILL');
      const ended = await run.ended;
      const killedOutput = run.output();
      const lockLeft = existsSync(path.join(dir, '.graphform/state/local.json.lock'));
      const snapshotsLeft = await snapshotFiles(dir);
      const context = `killed ${at} (${ended.signal ?? `exit ${String(ended.code)}`}); lock left: ${lockLeft}; snapshots left: ${snapshotsLeft.join(', ') || 'none'}; its output:\n${
        ended.signal === 'SIGKILL'
          ? killedOutput
              .split('\n')
              .filter((l) => l.startsWith('news:') || l.startsWith('Apply'))
              .join('\n')
          : killedOutput
      }`;

      if (process.env.KEEP_KILL_LOG === '1') process.stderr.write(`${context}\n`);
      const finish = await binary.run(dir, ['apply', '--yes']);
      expect(finish.code, `${context}\n--- the next apply:\n${finish.stdout}${finish.stderr}`).toBe(0);
      if (lockLeft && ended.signal === 'SIGKILL') expect(finish.stderr, context).toContain('Took over the state lock');
      await expectFinished(dir, `${context}\n--- the next apply:\n${finish.stdout}${finish.stderr}`);
    },
    60_000,
  );
});

type KillPoint = { name: string; fraction: number } | { name: string; after: string; extraMs: number };
