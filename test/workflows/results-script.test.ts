import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuild, linkBuiltPackage } from '../helpers/built-binary.js';
import { shopYaml } from '../helpers/graph-project.js';
import { startTestEmulator } from '../helpers/emulator.js';
import { leakedEncodings } from '../helpers/secret-encodings.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

const run = promisify(execFile);
const APP_KEY = 'pipeline-app-key';

/** What a pipeline step might do: plan and apply through the library, and post both results as they are. */
const SCRIPT = `import { apply, nodeHost, plan } from 'graphform';

const env = nodeHost();
console.log(JSON.stringify(await plan({}, env)));
console.log(JSON.stringify(await apply({}, env)));
`;

describe('a script that prints JSON.stringify of the plan and apply results of the built library', () => {
  beforeAll(assertFreshBuild);

  it('prints both results without the service secret', { timeout: 60_000 }, async () => {
    // Base64, as the service issues its secrets (epi-hmac signs with the decoded bytes).
    const secret = randomBytes(24).toString('base64');
    const emulator = await startTestEmulator({ credentials: { appKey: APP_KEY, secret } });
    const project = await makeProjectDir({
      'graphform.config.yaml': [
        'defaultEnvironment: prod',
        'environments:',
        '  prod:',
        `    graphUrl: ${emulator.url}`,
        `    auth: { scheme: basic, appKey: ${APP_KEY}, secret: "\${env:GRAPH_SECRET}" }`,
        '',
      ].join('\n'),
      'content-sources/shop.yaml': shopYaml(),
      'print-results.mjs': SCRIPT,
    });
    await linkBuiltPackage(project);

    const { stdout, stderr } = await run(process.execPath, ['print-results.mjs'], {
      cwd: project,
      env: { PATH: process.env.PATH ?? '', HOME: project, GRAPH_SECRET: secret },
    });

    const [planned, applied] = stdout
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    // The script did what it says: a plan that creates the source, and an apply that created it.
    expect(planned, stderr).toMatchObject({
      plan: { environment: 'prod', sources: [{ id: 'shop', action: 'create' }] },
      environment: { name: 'prod', graphUrl: emulator.url, auth: { scheme: 'basic' } },
    });
    expect(applied, stderr).toMatchObject({ applied: true, ok: true, outcomes: [{ id: 'shop', status: 'applied' }], environment: { name: 'prod' } });
    expect(emulator.inspect.sources().map((s) => s.id)).toEqual(['shop']);
    expect(leakedEncodings(stdout, [secret], [`${APP_KEY}:${secret}`]), `the printed results hold the secret:\n${stdout}`).toEqual([]);
  });
});
