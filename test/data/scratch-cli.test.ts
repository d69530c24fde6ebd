import { it } from 'vitest';
import { runCli } from '../helpers/run-cli.js';
it('x', async () => {
  for (const argv of [['validate'], ['data', 'validate', 'shop'], ['data', 'validate', 'blog'], ['data', 'push', 'blog', '--dry-run']]) {
    const r = await runCli(argv, { cwd: '/tmp/gfp' });
    console.log(argv.join(' '), r.code, '\n', r.stdout, r.stderr);
  }
});
