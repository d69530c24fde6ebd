import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuild, linkBuiltPackage } from '../helpers/built-binary.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { fencedBlocks } from './runnable-blocks.js';

/**
 * The scripts of docs/library.md, each run with Node in a copy of the repository's example
 * project (content-sources/ and its config) where `graphform` resolves to this package's
 * build, as it would after installing it. What the page shows a script printing is what it
 * prints.
 */
const run = promisify(execFile);
const repo = path.resolve(import.meta.dirname, '../..');

interface Example {
  file: string;
  code: string;
  /** The lines the page shows after `$ node FILE`. */
  prints: string[];
}

function examples(markdown: string): Example[] {
  const blocks = fencedBlocks(markdown);
  const found: Example[] = [];
  blocks.forEach((block, index) => {
    const file = /^js example=(\S+)$/.exec(block.info)?.[1];
    if (file === undefined) return;
    const shown = blocks[index + 1];
    const prints = shown !== undefined && shown.body[0] === `$ node ${file}` ? shown.body.slice(1) : [];
    found.push({ file, code: block.body.join('\n'), prints });
  });
  return found;
}

async function exampleProject(): Promise<string> {
  const project = await makeTempDir('graphform-library-');
  await cp(path.join(repo, 'content-sources'), path.join(project, 'content-sources'), { recursive: true });
  await cp(path.join(repo, 'graphform.config.yaml'), path.join(project, 'graphform.config.yaml'));
  await linkBuiltPackage(project);
  return project;
}

describe('the scripts of docs/library.md', () => {
  beforeAll(assertFreshBuild);
  const page = examples(readFileSync(path.join(repo, 'docs/library.md'), 'utf8'));

  it('are there: plan and print the summary, apply a saved plan, generate types, check frontend operations, restore a snapshot, bring a config and emulator, preview every environment, read items back through GraphQL, deploy with a time limit', () => {
    expect(page.map((e) => e.file)).toEqual([
      'plan-summary.mjs',
      'apply-saved.mjs',
      'codegen-check.mjs',
      'check-operations.mjs',
      'restore-snapshot.mjs',
      'emulator-config.mjs',
      'preview-report.mjs',
      'emulator-graphql.mjs',
      'deploy-step.mjs',
    ]);
    for (const example of page) expect(example.prints.length, example.file).toBeGreaterThan(0);
  });

  it('plan, apply the saved plan, generate types, restore a snapshot, each printing what the page shows', { timeout: 120_000 }, async () => {
    const project = await exampleProject();
    for (const example of page) {
      await writeFile(path.join(project, example.file), `${example.code}\n`);
      const { stdout, stderr } = await run(process.execPath, [example.file], { cwd: project, env: { PATH: process.env.PATH ?? '', HOME: project } });
      expect(stdout.trimEnd().split('\n'), `${example.file} printed, with stderr:\n${stderr}`).toEqual(example.prints);
    }
    // The apply really happened: state records every source, and the saved plan was written where the script said.
    const state = JSON.parse(await readFile(path.join(project, '.graphform/state/local.json'), 'utf8')) as { sources: Record<string, unknown> };
    expect(Object.keys(state.sources).sort()).toEqual(['blog', 'faq', 'shop']);
    expect(JSON.parse(await readFile(path.join(project, 'reviewed-plan.json'), 'utf8'))).toMatchObject({ environment: 'local' });
    // The config object's relative state path resolved against the script's folder.
    const emulated = JSON.parse(await readFile(path.join(project, '.graphform/state/emulated.json'), 'utf8')) as { sources: Record<string, unknown> };
    expect(Object.keys(emulated.sources).sort()).toEqual(['blog', 'faq', 'shop']);
  });

  it(
    'preview-report.mjs runs in a project whose sources declare no data: files, as `graphform init` makes (summary.items is absent)',
    { timeout: 60_000 },
    async () => {
      const project = await makeTempDir('graphform-library-no-data-');
      await cp(path.join(repo, 'content-sources/faq.yaml'), path.join(project, 'content-sources/faq.yaml'));
      expect(await readFile(path.join(project, 'content-sources/faq.yaml'), 'utf8')).not.toMatch(/^data:/m);
      await linkBuiltPackage(project);
      const example = page.find((e) => e.file === 'preview-report.mjs');
      expect(example, 'the page has preview-report.mjs').toBeDefined();
      await writeFile(path.join(project, 'preview-report.mjs'), `${example?.code ?? ''}\n`);
      const { stdout } = await run(process.execPath, ['preview-report.mjs'], { cwd: project, env: { PATH: process.env.PATH ?? '', HOME: project } }).catch(
        (error: { stderr?: string }) => {
          throw new Error(`preview-report.mjs failed with no data: files:\n${error.stderr ?? String(error)}`);
        },
      );
      expect(stdout.trimEnd().split('\n')).toEqual([
        'preview: 1 to create, 0 data items to add, 0 sources losing items',
        'staging: 1 to create, 0 data items to add, 0 sources losing items',
      ]);
    },
  );
});
