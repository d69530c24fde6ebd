import { describe, expect, it } from 'vitest';
import * as graphform from '../../src/index.js';
import type { ApplyEvent } from '../../src/index.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { shopYaml } from '../helpers/graph-project.js';
import { makeProjectDir } from '../helpers/temp-dir.js';
import { testHost } from '../helpers/workflow-host.js';

const product = (id: string, language = 'en'): string =>
  `{"index":{"_id":"${id}","language_routing":"${language}"}}\n{"ContentType":["Item","Product"],"Language":{"Name":"${language}"},"Status":"Published","_rbac":"r:Everyone:Read","Name___searchable":"${id}"}\n`;

/** What a report said while the count waited, and how long the wait had lasted then. */
interface Progress {
  outcome: string;
  reportWaitedMs: number;
  waitedMs: number;
  served: number | undefined;
  sent: number;
}

/** Reports made while waiting: each says it is waiting, with the time waited so far, which only grows. */
function expectWaiting(progress: readonly Progress[], finalWaitedMs: number): void {
  expect(progress.length, 'the emulator serves items only after its indexing lag: the count must have waited').toBeGreaterThan(0);
  for (const p of progress) {
    expect(p.outcome, `a report made while waiting says ${p.outcome}`).toBe('waiting');
    expect(p.reportWaitedMs, 'the report gives the time waited so far').toBe(p.waitedMs);
    expect(p.served ?? 0).toBeLessThan(p.sent);
  }
  const times = progress.map((p) => p.waitedMs);
  expect(times).toEqual([...times].sort((a, b) => a - b));
  expect(times.at(-1)).toBeGreaterThan(0);
  expect(finalWaitedMs).toBeGreaterThanOrEqual(times.at(-1) ?? 0);
}

describe('the count of what GraphQL serves, while it waits', () => {
  it("reports 'waiting' with the time waited so far, for apply's re-push and for data push", { timeout: 60_000 }, async () => {
    const emulator = await startTestEmulator({ indexingLagMs: 600 });
    const dir = await makeProjectDir({
      'graphform.config.yaml': [
        'defaultEnvironment: test',
        'environments:',
        '  test:',
        `    graphUrl: ${emulator.url}`,
        '    auth: { scheme: hmac, appKey: "${env:GRAPH_APP_KEY}", secret: "${env:GRAPH_SECRET}" }',
        '',
      ].join('\n'),
      'content-sources/shop.yaml': `${shopYaml()}data: [../data/shop.ndjson]\n`,
      'data/shop.ndjson': product('p1') + product('p2'),
      // Into a language that holds no items yet: the count has to wait for it (a filled one could pass at once).
      'more.ndjson': product('p3', 'sv'),
    });
    const env = testHost(dir, { variables: { GRAPH_APP_KEY: emulator.credentials.appKey, GRAPH_SECRET: emulator.credentials.secret } });

    const events: ApplyEvent[] = [];
    const applied = await graphform.apply({ onEvent: (event) => void events.push(event) }, env);
    expect(applied.ok, JSON.stringify(applied.outcomes)).toBe(true);
    const waiting = events.flatMap((e) =>
      e.type === 'served-waiting'
        ? [{ outcome: e.report.outcome, reportWaitedMs: e.report.waitedMs, waitedMs: e.waitedMs, served: e.report.served, sent: e.report.sent }]
        : [],
    );
    const served = events.find((e) => e.type === 'served');
    if (served?.type !== 'served') throw new Error(`no served event among ${events.map((e) => e.type).join(', ')}`);
    expect(served.report.outcome).toBe('done');
    expectWaiting(waiting, served.report.waitedMs);

    const pushing: Progress[] = [];
    const pushed = await graphform.dataPush(
      {
        source: 'shop',
        files: ['more.ndjson'],
        onWaiting: (report, waitedMs) =>
          void pushing.push({ outcome: report.outcome, reportWaitedMs: report.waitedMs, waitedMs, served: report.served, sent: report.sent }),
      },
      env,
    );
    expect(pushed.served?.outcome).toBe('done');
    expectWaiting(pushing, pushed.served?.waitedMs ?? 0);
  });
});
