import { execFileSync } from 'node:child_process';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkDataFiles } from '../../../src/data/files/data-files.js';
import { resolveDataFiles } from '../../../src/data/files/declared-files.js';
import { expandGlobs } from '../../../src/data/files/expand-globs.js';
import { patternLeavesRoot } from '../../../src/data/files/pattern-scope.js';
import { makeTempDir } from '../../helpers/temp-dir.js';
import { shopDeclaration } from '../fixtures.js';

const CANARY = 'canary-9f8e7d';

/** base/work/project/cs/data holds items.ndjson; base/outside.ndjson holds a secret. */
async function layout(): Promise<{ base: string; project: string; data: string }> {
  const base = await makeTempDir('graphform-project-data-');
  const project = path.join(base, 'work', 'project');
  const data = path.join(project, 'cs', 'data');
  await mkdir(data, { recursive: true });
  await writeFile(path.join(data, 'items.ndjson'), '{"Id":"1"}\n');
  await writeFile(path.join(base, 'outside.ndjson'), `{"Secret":"${CANARY}"}\n`);
  return { base, project, data };
}

describe('patternLeavesRoot', () => {
  it.each([
    ['data/*.ndjson', undefined],
    ['../data/x.ndjson', undefined],
    ['../../x.ndjson', '/x.ndjson'],
    ['../../../../etc/*.conf', '/etc/*.conf'],
    ['/etc/passwd', '/etc/passwd'],
    ['/p/data/*.ndjson', undefined],
    ['data/**/../../../x', '/x'],
    ['data\\..\\..\\..\\x', '/x'],
  ])('%s from /p/cs in /p: %s', (pattern, expected) => {
    expect(patternLeavesRoot(pattern, '/p/cs', '/p')).toBe(expected);
  });
});

describe('checkDataFiles with the project root', () => {
  it.each([
    ['a link to a file outside the project', (l: Awaited<ReturnType<typeof layout>>) => path.join(l.base, 'outside.ndjson'), 'GF_DATA_OUTSIDE_PROJECT'],
    ['a link to /proc/self/environ', () => '/proc/self/environ', 'GF_DATA_OUTSIDE_PROJECT'],
    ['a link to /dev/zero', () => '/dev/zero', 'GF_DATA_OUTSIDE_PROJECT'],
    ['a dangling link', () => 'gone.ndjson', 'GF_DATA_NOT_A_FILE'],
  ])('refuses %s by name, without reading it', async (_name, target, code) => {
    const l = await layout();
    await symlink(target(l), path.join(l.data, 'link.ndjson'));
    const checked = await checkDataFiles([path.join(l.data, 'link.ndjson'), path.join(l.data, 'items.ndjson')], l.project, l.project);
    expect(checked.files.map((f) => f.display)).toEqual(['cs/data/items.ndjson']);
    expect(checked.issues.map((d) => `${d.file}:${d.line} ${d.code}`)).toEqual([`cs/data/link.ndjson:1 ${code}`]);
    expect(checked.issues[0]?.message).toMatch(/^Data file cs\/data\/link\.ndjson is a symbolic link to /);
    expect(JSON.stringify(checked)).not.toContain(CANARY);
  });

  it('refuses a FIFO, with or without a root', async () => {
    const l = await layout();
    execFileSync('mkfifo', [path.join(l.data, 'pipe.ndjson')]);
    for (const root of [l.project, undefined]) {
      const checked = await checkDataFiles([path.join(l.data, 'pipe.ndjson')], l.project, root);
      expect(checked.issues.map((d) => `${d.code} ${d.message}`)).toEqual([
        'GF_DATA_NOT_A_FILE Data file cs/data/pipe.ndjson is a FIFO (named pipe), not a regular file: graphform reads only regular files, so replace it with the file itself.',
      ]);
    }
  });

  it('reads a file named on the command line wherever it is (no root)', async () => {
    const l = await layout();
    const checked = await checkDataFiles([path.join(l.base, 'outside.ndjson')], l.project, undefined);
    expect(checked.issues).toEqual([]);
    expect(checked.files.map((f) => f.display)).toEqual(['../../outside.ndjson']);
  });
});

describe('declared data: patterns stay inside the project', () => {
  it('expands no pattern that leaves the root; it comes back as written, for checkDataFiles to refuse', async () => {
    const l = await layout();
    const expanded = await expandGlobs(['../../../*.ndjson', 'data/*.ndjson'], path.join(l.project, 'cs'), l.project);
    expect(expanded.files).toEqual([path.join(l.base, '*.ndjson'), path.join(l.data, 'items.ndjson')]);
    expect(expanded.unmatched).toEqual([]);
  });

  it('matches FIFOs and dangling links too, so that they are reported rather than skipped', async () => {
    const l = await layout();
    execFileSync('mkfifo', [path.join(l.data, 'pipe.ndjson')]);
    await symlink('gone.ndjson', path.join(l.data, 'gone.ndjson'));
    await mkdir(path.join(l.data, 'folder.ndjson'));
    const expanded = await expandGlobs(['data/*.ndjson'], path.join(l.project, 'cs'), l.project);
    expect(expanded.files.map((f) => path.basename(f))).toEqual(['gone.ndjson', 'items.ndjson', 'pipe.ndjson']);
  });

  it('resolveDataFiles hands the root on for declared files only', async () => {
    const l = await layout();
    const declaration = shopDeclaration({ file: 'cs/shop.yaml', data: ['../../../outside.ndjson', 'data/*.ndjson'] });
    const declared = await resolveDataFiles(declaration, { cwd: l.project, root: l.project });
    expect(declared.projectRoot).toBe(l.project);
    const checked = await checkDataFiles(declared.files, l.project, declared.projectRoot);
    expect(checked.issues.map((d) => `${d.file} ${d.code}`)).toEqual(['../../outside.ndjson GF_DATA_OUTSIDE_PROJECT']);
    expect(checked.files.map((f) => f.display)).toEqual(['cs/data/items.ndjson']);
    const given = await resolveDataFiles(declaration, { cwd: l.project, root: l.project }, [path.join(l.base, 'outside.ndjson')]);
    expect(given.projectRoot).toBeUndefined();
  });
});
