import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
import { makeTempDir } from '../helpers/temp-dir.js';

describe('apply with a plan file refuses the flags that shape a plan, which it would ignore', () => {
  it.each([
    [['--strategy', 'full'], '--strategy'],
    [['--prune'], '--prune'],
    [['--no-refresh'], '--no-refresh'],
    [['--refresh-only'], '--refresh-only'],
    [['--source', 'wx', '--strategy', 'auto', '--prune'], '--strategy, --prune'],
  ])('%j', async (flags, named) => {
    const run = await runCli(['apply', 'shop.plan.json', ...flags, '--yes'], { cwd: await makeTempDir() });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`Error [GF_USAGE]: ${named} cannot be used with a plan file: apply takes shop.plan.json as it was saved`);
    expect(run.stderr).toContain('`graphform plan --out FILE`');
  });

  it('takes the flags that do not shape the plan', async () => {
    const run = await runCli(['apply', 'missing.plan.json', '--yes', '--no-wait', '--parallelism', '2'], { cwd: await makeTempDir() });
    expect(run.stderr).not.toContain('GF_USAGE');
  });
});
