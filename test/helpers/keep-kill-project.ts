import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as graphform from '../../src/index.js';
import { generateItems, INITIAL_SHAPE, LOCAL_CONFIG, ndjson, newsYaml, type NewsItem, type NewsShape } from './keep-news.js';
import { writeFiles } from './temp-dir.js';
import { testHost } from './workflow-host.js';

/**
 * A project for the kill test (keep-kill.test.ts), made once and copied per run: the news
 * source applied to the embedded local emulator (persisted in the project), items in its
 * data: file and more pushed from elsewhere, then a content type rename written to the
 * declaration and not applied. Small batches, one at a time, so the restore takes many
 * requests and a kill can land in the middle of it.
 */
export interface KillTemplate {
  dir: string;
  /** Every item before the rename. */
  items: NewsItem[];
  /** The declaration the pending apply carries out. */
  renamed: NewsShape;
  remove(): Promise<void>;
}

export const KILL_CONFIG = `${LOCAL_CONFIG()}data: { batchMaxItems: 10, concurrency: 1 }\n`;

export async function makeKillTemplate(pushedCount: number, dataCount: number): Promise<KillTemplate> {
  const dir = await mkdtemp(path.join(tmpdir(), 'graphform-keep-kill-'));
  const data = generateItems(dataCount, 99, 'd');
  const pushed = generateItems(pushedCount, 4242, 'p');
  await writeFiles(dir, {
    'graphform.config.yaml': KILL_CONFIG,
    'content-sources/news.yaml': newsYaml(INITIAL_SHAPE),
    'content-sources/data/news.ndjson': ndjson(data),
    'pushed.ndjson': ndjson(pushed),
  });
  const env = testHost(dir);
  const created = await graphform.apply({}, env);
  if (!created.ok) throw new Error(`the template's first apply failed: ${JSON.stringify(created.outcomes)}`);
  const push = await graphform.dataPush({ source: 'news', files: ['pushed.ndjson'] }, env);
  if (push.summary.status !== 'sent') throw new Error(`the template's push failed: ${JSON.stringify(push.summary)}`);
  const renamed: NewsShape = { ...INITIAL_SHAPE, releaseName: 'Changelog', moved: ['{ from: ReleaseNote, to: Changelog }'] };
  const rename = (item: NewsItem): NewsItem => (item.type === 'ReleaseNote' ? { ...item, type: 'Changelog' } : item);
  await writeFile(path.join(dir, 'content-sources/news.yaml'), newsYaml(renamed));
  await writeFile(path.join(dir, 'content-sources/data/news.ndjson'), ndjson(data.map(rename)));
  return { dir, items: [...data, ...pushed], renamed, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A fresh copy of the template's folder (state, emulator data, declarations). */
export async function copyTemplate(template: KillTemplate, to: string): Promise<void> {
  await cp(template.dir, to, { recursive: true });
}
