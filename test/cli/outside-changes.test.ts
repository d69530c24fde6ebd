import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { State } from '../../src/state/types.js';
import { runCli } from '../helpers/run-cli.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

const WEATHER = (region: boolean): string =>
  [
    'id: wx',
    'label: Weather',
    'languages: [en]',
    'contentTypes:',
    '  Weather:',
    '    contentType: []',
    '    properties:',
    '      City: { type: String, searchable: true }',
    ...(region ? ['      Region: { type: String }'] : []),
    '',
  ].join('\n');

/**
 * The plan starts from what the service holds. Another project (its own config and state,
 * the same embedded emulator's data) stands for a change made outside graphform: the next
 * plan lists it as changed outside since the last apply and undoes it by the same rules;
 * `--refresh-only` accepts it into state instead.
 */
describe('changes made outside graphform', () => {
  async function drifted(): Promise<string> {
    const dir = await makeProjectDir({
      'graphform.config.yaml': 'environments:\n  local:\n    emulator: { dataDir: .graphform/emulator }\n',
      'other.config.yaml':
        'sources: other-sources\nenvironments:\n  local:\n    emulator: { dataDir: .graphform/emulator }\n    state: { backend: local, path: .graphform/state/other.json }\n',
      'content-sources/wx.yaml': WEATHER(true),
      'other-sources/wx.yaml': WEATHER(false),
    });
    expect((await runCli(['apply', '--yes'], { cwd: dir })).code).toBe(0);
    // The other project adopts the source, then drops Region from it.
    expect((await runCli(['--config', 'other.config.yaml', 'import', 'wx', '--out', 'other-sources/imported.yaml.txt'], { cwd: dir })).code).toBe(0);
    const other = await runCli(['--config', 'other.config.yaml', 'apply', '--yes', '--allow-data-loss'], { cwd: dir });
    expect(other.code, other.stderr).toBe(0);
    return dir;
  }

  it('shows as changes to undo, and apply restores the declared definition', { timeout: 60_000 }, async () => {
    const dir = await drifted();
    const plan = await runCli(['plan', '--detailed-exitcode'], { cwd: dir });
    expect(plan.code).toBe(2);
    expect(plan.stdout).toContain('Changed outside graphform since the last apply:\n  wx\n      - property Weather.Region: String');
    expect(plan.stdout).toContain('~ wx will be updated in place');
    expect(plan.stdout).toContain('+ property Weather.Region: String');
    const json = JSON.parse((await runCli(['plan', '--format', 'json'], { cwd: dir })).stdout) as {
      sources: Array<{ outside?: Array<{ kind: string }>; changes: Array<{ kind: string }> }>;
    };
    expect(json.sources[0]?.outside?.map((c) => c.kind)).toEqual(['property.removed']);
    expect(json.sources[0]?.changes.map((c) => c.kind)).toEqual(['property.added']);

    expect((await runCli(['apply', '--yes'], { cwd: dir })).code).toBe(0);
    const after = await runCli(['plan', '--detailed-exitcode'], { cwd: dir });
    expect(after.code, after.stdout).toBe(0);
    // The other project now sees our change as made outside it.
    expect((await runCli(['--config', 'other.config.yaml', 'plan'], { cwd: dir })).stdout).toContain('+ property Weather.Region: String');
  });

  it('--refresh-only accepts it into state instead, and sends nothing', { timeout: 60_000 }, async () => {
    const dir = await drifted();
    const refresh = await runCli(['plan', '--refresh-only', '--detailed-exitcode'], { cwd: dir });
    expect(refresh.code).toBe(2);
    expect(refresh.stdout).toContain('Refresh-only plan: 1 source changed outside graphform');
    const applied = await runCli(['apply', '--refresh-only', '--yes'], { cwd: dir });
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toContain('Recorded in state what the service holds for wx; nothing was sent to the service.');
    const state = JSON.parse(await readFile(path.join(dir, '.graphform/state/local.json'), 'utf8')) as State;
    expect(Object.keys(state.sources.wx?.definition.contentTypes.Weather?.properties ?? {})).toEqual(['City']);
    expect((await runCli(['plan', '--refresh-only', '--detailed-exitcode'], { cwd: dir })).code).toBe(0);
    // Accepted: writing it into the declaration leaves nothing to plan.
    await writeFile(path.join(dir, 'content-sources/wx.yaml'), WEATHER(false));
    expect((await runCli(['plan', '--detailed-exitcode'], { cwd: dir })).code).toBe(0);
    expect((await runCli(['apply', '--refresh-only', '--no-refresh'], { cwd: dir })).stderr).toContain('--refresh-only reads what the service holds');
  });
});
