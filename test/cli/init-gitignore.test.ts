import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gitignoreAddition } from '../../src/cli/init/gitignore.js';
import { runCli } from '../helpers/run-cli.js';
import { makeProjectDir, makeTempDir } from '../helpers/temp-dir.js';

const GRAPHFORM = "# graphform: local state and the embedded emulator's data (with its credentials)\n.graphform/\n";
const PACKAGES = '# installed packages\nnode_modules/\n';
const PLANS = '# graphform: saved plans\nplan.json\n*.plan.json\nplan.md\n*.plan.md\n';
const WORK = "# graphform: the CI jobs' work files\ngraphform-*.txt\ngraphform-*.md\ngraphform-*.json\ngraphform-*.tsv\ngraphform-approval.yml\n";
const WORK_LIST = 'graphform-*.txt, graphform-*.md, graphform-*.json, graphform-*.tsv, graphform-approval.yml';
const BLOCK = `${GRAPHFORM}${PACKAGES}${PLANS}${WORK}`;

describe('gitignoreAddition', () => {
  it.each([
    ['no file: the whole file', undefined, BLOCK],
    ['an empty file', '', BLOCK],
    ['a file ending in a newline: after a blank line, without what it has', 'node_modules/\n', `\n${GRAPHFORM}${PLANS}${WORK}`],
    ['a file without a final newline: the line is ended first', 'node_modules/', `\n\n${GRAPHFORM}${PLANS}${WORK}`],
    ['CRLF line endings are kept', 'node_modules/\r\n', `\r\n${`${GRAPHFORM}${PLANS}${WORK}`.replace(/\n/g, '\r\n')}`],
  ])('%s', (_name, existing, expected) => {
    expect(gitignoreAddition(existing)?.text).toBe(expected);
  });

  it('says what it adds', () => {
    const work = ['graphform-*.txt', 'graphform-*.md', 'graphform-*.json', 'graphform-*.tsv', 'graphform-approval.yml'];
    expect(gitignoreAddition(undefined)?.added).toEqual(['.graphform/', 'node_modules/', 'plan.json', '*.plan.json', 'plan.md', '*.plan.md', ...work]);
    expect(gitignoreAddition('node_modules\n.graphform\n')?.added).toEqual(['plan.json', '*.plan.json', 'plan.md', '*.plan.md', ...work]);
    expect(gitignoreAddition('node_modules\n.graphform\nplan.json\n')?.added).toEqual(work);
  });

  it.each(['.graphform', '.graphform/', '/.graphform', '/.graphform/', '**/.graphform/', '.graphform/*', '.graphform/**', '!.graphform/', '.graphform/   '])(
    'adds nothing for the folder when a line already decides about it: %j',
    (line) => {
      expect(gitignoreAddition(`dist/\n${line}\nnode_modules/\nplan.json\ngraphform-*.txt\ncoverage/\n`)).toBeUndefined();
    },
  );

  it.each(['node_modules', '/node_modules/', '**/node_modules', '!node_modules/'])('adds nothing for packages when a line decides about them: %j', (line) => {
    expect(gitignoreAddition(`.graphform/\n${line}\n*.plan.json\n/graphform-*.txt\n`)).toBeUndefined();
  });

  it.each(['.graphform-old/', '# .graphform/', 'src/.graphform/', '.graphformrc'])('still adds it when a line only looks alike: %j', (line) => {
    expect(gitignoreAddition(`${line}\n`)?.text).toBe(`\n${BLOCK}`);
  });
});

describe('graphform init and .gitignore', () => {
  it('creates .gitignore with the folder', async () => {
    const dir = await makeProjectDir();
    const result = await runCli(['init', '--yes'], { cwd: dir });
    expect(result.stdout).toContain(`created  .gitignore (ignores .graphform/, node_modules/, plan.json, *.plan.json, plan.md, *.plan.md, ${WORK_LIST})`);
    expect(await readFile(path.join(dir, '.gitignore'), 'utf8')).toBe(BLOCK);
  });

  it('appends to an existing .gitignore once, however often init runs', async () => {
    const dir = await makeProjectDir({ '.gitignore': 'node_modules/\ndist/' });
    const first = await runCli(['init', '--yes'], { cwd: dir });
    expect(first.stdout).toContain(`updated  .gitignore (added .graphform/, plan.json, *.plan.json, plan.md, *.plan.md, ${WORK_LIST})`);
    const second = await runCli(['init', '--yes'], { cwd: dir });
    expect(second.stdout).toContain(
      `exists   .gitignore (already mentions .graphform/, node_modules/, plan.json, *.plan.json, plan.md, *.plan.md, ${WORK_LIST}; left as it is)`,
    );
    expect(await readFile(path.join(dir, '.gitignore'), 'utf8')).toBe(`node_modules/\ndist/\n\n${GRAPHFORM}${PLANS}${WORK}`);
  });

  it('writes .gitignore in the folder it scaffolds', async () => {
    const dir = await makeProjectDir();
    await runCli(['init', 'proj', '--yes'], { cwd: dir });
    expect(await readFile(path.join(dir, 'proj/.gitignore'), 'utf8')).toBe(BLOCK);
  });

  it('leaves a .gitignore that is a link or a folder alone and says so', async () => {
    const outside = await makeTempDir();
    await writeFile(path.join(outside, 'shared-ignore'), 'keep\n');
    const dir = await makeProjectDir();
    await symlink(path.join(outside, 'shared-ignore'), path.join(dir, '.gitignore'));
    const linked = await runCli(['init', '--yes'], { cwd: dir });
    expect(linked.code).toBe(0);
    expect(linked.stdout).toContain(
      `skipped  .gitignore (not a regular file; add .graphform/, node_modules/, plan.json, *.plan.json, plan.md, *.plan.md, ${WORK_LIST} to it yourself)`,
    );
    expect(await readFile(path.join(outside, 'shared-ignore'), 'utf8')).toBe('keep\n');

    const other = await makeProjectDir();
    await mkdir(path.join(other, '.gitignore'));
    expect((await runCli(['init', '--yes'], { cwd: other })).stdout).toContain('skipped  .gitignore');
  });
});
