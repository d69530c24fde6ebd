import { describe, expect, it } from 'vitest';
import { dataPurge, dataPush, dataValidate } from '../../src/workflows/index.js';
import { runCli } from '../helpers/run-cli.js';
import { makeProjectDir } from '../helpers/temp-dir.js';
import { testHost } from '../helpers/workflow-host.js';

/** Each command refusing invalid declarations says what it did not do, not what plan did not. */
const CASES: ReadonlyArray<{ args: string[]; says: string }> = [
  { args: ['plan'], says: 'nothing was planned or sent' },
  { args: ['codegen'], says: 'nothing was written' },
  { args: ['check-operations', '--documents', 'web/*.graphql'], says: 'no operation was checked' },
];

function invalidProject(): Promise<string> {
  return makeProjectDir({
    'graphform.config.yaml': 'environments:\n  local:\n    emulator: { dataDir: .graphform/emulator }\n',
    'content-sources/blog.yaml':
      'id: blog\nlabel: Blog\nlanguages: [en]\ncontentTypes:\n  Post:\n    contentType: []\n    properties:\n      Title: { type: Strin }\n',
    'web/q.graphql': 'query Q { Post { total } }\n',
  });
}

describe('GF_INVALID_DECLARATIONS says what the command did not do', () => {
  for (const { args, says } of CASES) {
    it(args.join(' '), async () => {
      const run = await runCli(args, { cwd: await invalidProject() });
      expect(run.code, run.stdout + run.stderr).toBe(1);
      expect(run.stderr).toContain(`Error [GF_INVALID_DECLARATIONS]: The declarations are not valid; ${says}.`);
    });
  }

  // The data commands print the problems with a line of their own; a library caller reads the error's message.
  it('the data workflows, to a library caller', async () => {
    const host = testHost(await invalidProject());
    await expect(dataValidate({ source: 'blog' }, host)).rejects.toThrow('The declarations are not valid; no item was checked.');
    await expect(dataPush({ source: 'blog' }, host)).rejects.toThrow('The declarations are not valid; nothing was sent.');
    await expect(dataPurge({ source: 'blog', languages: ['en'] }, host)).rejects.toThrow('The declarations are not valid; nothing was purged.');
  });
});
