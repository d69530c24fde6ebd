import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, selectEnvironment } from '../../src/config/load-config.js';
import type { EnvironmentConfig } from '../../src/config/types.js';
import { rejection } from '../helpers/graphform-error.js';
import { runCli } from '../helpers/run-cli.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

const withDataDir = (dataDir: string): string => `environments:\n  local:\n    emulator:\n      dataDir: ${dataDir}\n`;

async function local(cwd: string): Promise<EnvironmentConfig> {
  return selectEnvironment(await loadConfig({ cwd, configFile: undefined, env: {} }), 'local');
}

describe('environments.<name>.emulator.dataDir', () => {
  it('is a folder inside the project, as written or absolute', async () => {
    const cwd = await makeProjectDir({ 'graphform.config.yaml': withDataDir('.emu/data') });
    expect((await local(cwd)).emulator?.dataDir).toBe(path.join(cwd, '.emu/data'));
    const absolute = await makeProjectDir();
    await writeFile(path.join(absolute, 'graphform.config.yaml'), withDataDir(path.join(absolute, 'emu')));
    expect((await local(absolute)).emulator?.dataDir).toBe(path.join(absolute, 'emu'));
  });

  it.each([
    ['../../elsewhere', /is outside the project folder .* \(it resolves to .*elsewhere\)/],
    ['/var/tmp/graphform-emulator', /is outside the project folder .* \(it resolves to \/var\/tmp\/graphform-emulator\)/],
    ['.', /is the project folder itself/],
  ])('%s is refused at its config line', async (dataDir, why) => {
    const cwd = await makeProjectDir({ 'graphform.config.yaml': withDataDir(dataDir) });
    const error = await rejection(local(cwd));
    expect(error.code).toBe('GF_CONFIG_INVALID');
    expect(error.message).toMatch(/^graphform\.config\.yaml:4:7 \(environments\.local\.emulator\.dataDir\): emulator\.dataDir /);
    expect(error.message).toMatch(why);
    expect(error.hint).toContain('run `graphform emulator --data-dir DIR` yourself');
  });

  it('plan stops before the emulator writes anything outside the project', async () => {
    const parent = await makeProjectDir({
      'project/graphform.config.yaml': withDataDir('../elsewhere'),
      'project/content-sources/.keep': '',
      'project/package.json': '{}',
    });
    const run = await runCli(['plan'], { cwd: path.join(parent, 'project') });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      '[GF_CONFIG_INVALID]: graphform.config.yaml:4:7 (environments.local.emulator.dataDir): emulator.dataDir ../elsewhere is outside the project folder',
    );
    expect(existsSync(path.join(parent, 'elsewhere'))).toBe(false);
  });
});
