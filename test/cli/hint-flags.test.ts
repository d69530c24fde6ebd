import { describe, expect, it } from 'vitest';
import { hintWithFlags, withInvocationFlags } from '../../src/cli/hint-flags.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { graphProject, shopYaml } from '../helpers/graph-project.js';

describe('hints carry the --env and --config of the run', () => {
  it.each([
    ['no flags: unchanged', {}, 'run `graphform state unlock abc`', 'run `graphform state unlock abc`'],
    ['--env', { env: 'production' }, 'run `graphform state unlock abc`', 'run `graphform --env production state unlock abc`'],
    [
      '--config and --env',
      { env: 'prod', config: 'ci/graphform.yaml' },
      '`graphform import zz` to adopt it',
      '`graphform --config ci/graphform.yaml --env prod import zz` to adopt it',
    ],
    [
      'every quoted command',
      { env: 'prod' },
      '`graphform plan` shows it; `graphform apply` finishes it',
      '`graphform --env prod plan` shows it; `graphform --env prod apply` finishes it',
    ],
    ['prose is left alone', { env: 'prod' }, 'graphform plan for environment prod', 'graphform plan for environment prod'],
    ['a path with spaces is quoted', { config: 'my dir/g.yaml' }, '`graphform apply plan.json`', "`graphform --config 'my dir/g.yaml' apply plan.json`"],
  ])('%s', (_name, globals, text, expected) => {
    expect(withInvocationFlags(text, { env: undefined, config: undefined, ...globals })).toBe(expected);
  });
});

describe('in a real run', () => {
  it('the lock-held hint names the environment the user asked for', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml() });
    await project.write({
      '.graphform/state/test.json.lock': JSON.stringify({
        id: 'held-1',
        who: 'ci',
        pid: 1,
        host: 'runner',
        operation: 'apply',
        createdAt: '2026-11-22T09:00:00.000Z',
      }),
    });
    const run = await project.cli('--env', 'test', 'apply', '--yes');
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('`graphform --env test state unlock held-1`');
  });
});

describe('hintWithFlags, the environment option', () => {
  it('shows `environment: NAME` as --env NAME, whatever the name', () => {
    expect(hintWithFlags("use `environment: 'local'` to try the emulator's demo app")).toBe("use --env local to try the emulator's demo app");
    expect(hintWithFlags("Apply it with environment test selected (`environment: 'test'`)")).toBe('Apply it with environment test selected (--env test)');
  });
});
