import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/index.js';
import { assertFreshBuild, runBuilt } from '../helpers/built-binary.js';
import { graphProject } from '../helpers/graph-project.js';
import { startNewerService, type NewerService } from '../helpers/newer-service.js';

/**
 * Issue 24: a source on the service holds one of graphform's configured secrets in a field
 * graphform does not know. Through the built binary, as the audit ran it: import, plan --out
 * and plan --format json once wrote it verbatim into the declaration, the state and the plan.
 */
const CODE = 'GF_SECRET_IN_DEFINITION';

async function setUp(): Promise<{
  service: NewerService;
  secret: string;
  dir: string;
  run: (...argv: string[]) => Promise<{ code: number; stdout: string; stderr: string }>;
}> {
  const secret = `graph-${randomBytes(12).toString('base64url')}`;
  const service = await startNewerService(secret);
  service.stored.set('shop', {
    label: 'Shop',
    languages: ['en'],
    webhookAuth: secret,
    contentTypes: {
      Page: { contentType: [], properties: { Title: { type: 'String' } }, hook: { url: 'https://hooks.example.com/page', headers: [`Bearer ${secret}`] } },
    },
  });
  const project = await graphProject(service as unknown as RunningEmulator, {});
  const env = { GRAPH_APP_KEY: service.credentials.appKey, GRAPH_SECRET: secret };
  return { service, secret, dir: project.dir, run: (...argv) => runBuilt(project.dir, argv, env) };
}

async function fileText(dir: string, file: string): Promise<string> {
  return readFile(path.join(dir, file), 'utf8');
}

function expectNoSecret(text: string, secret: string, where: string): void {
  expect(text, `the configured secret is written in ${where}:\n${text}`).not.toContain(secret);
}

describe('a secret the service echoes in a field graphform does not know (built binary)', () => {
  beforeAll(assertFreshBuild);

  it('import writes "[redacted]" in its place and names the field; state and plans (file and JSON) never hold it; requests send the value the service holds', async () => {
    const { service, secret, dir, run } = await setUp();

    const imported = await run('import', 'shop');
    expect(imported.code, imported.stderr).toBe(0);
    // expect(imported.stderr).toContain(`${CODE}: source shop holds one of graphform's configured secrets at contentTypes.Page.hook.headers.0, webhookAuth`);
    expectNoSecret(imported.stdout + imported.stderr, secret, 'the output of import');
    const declaration = await fileText(dir, 'content-sources/shop.yaml');
    expectNoSecret(declaration, secret, 'content-sources/shop.yaml');
    expect(declaration).toContain('webhookAuth: "[redacted]"');
    expectNoSecret(await fileText(dir, '.graphform/state/test.json'), secret, 'the state');

    const json = await run('plan', '--format', 'json', '--detailed-exitcode');
    expect(json.code, json.stderr).toBe(0);
    expectNoSecret(json.stdout + json.stderr, secret, 'plan --format json');
    const shop = (JSON.parse(json.stdout) as { sources: Array<{ id: string; reasons: string[] }> }).sources.find((s) => s.id === 'shop');
    expect(shop?.reasons.join('\n')).toContain(
      `Warning: ${CODE}: source shop holds one of graphform's configured secrets at contentTypes.Page.hook.headers.0, webhookAuth`,
    );

    // A partial update, planned to a file and applied from it: the file says "[redacted]",
    // the body on the wire carries what the service holds, verbatim.
    await writeFile(path.join(dir, 'content-sources/shop.yaml'), declaration.replace('      Title:', '      Body: { type: String }\n      Title:'));
    const saved = await run('plan', '--out', 'plan.json');
    expect(saved.code, saved.stderr).toBe(0);
    expectNoSecret(saved.stdout + saved.stderr, secret, 'the output of plan --out');
    const planFile = await fileText(dir, 'plan.json');
    expectNoSecret(planFile, secret, 'plan.json');
    expect(planFile).toContain('"webhookAuth": "[redacted]"');

    const applied = await run('apply', 'plan.json', '--yes');
    expect(applied.code, applied.stdout + applied.stderr).toBe(0);
    expectNoSecret(applied.stdout + applied.stderr, secret, 'the output of apply');
    expect(service.bodies.at(-1)).toMatchObject({
      method: 'POST',
      body: { webhookAuth: secret, contentTypes: { Page: { hook: { headers: [`Bearer ${secret}`] }, properties: { Body: { type: 'String' } } } } },
    });
    expect(JSON.stringify(service.bodies)).not.toContain('[redacted]');
    expectNoSecret(await fileText(dir, '.graphform/state/test.json'), secret, 'the state after apply');
    expect((await run('plan', '--detailed-exitcode')).code).toBe(0);
  });

  it('a declaration that holds the secret itself: plan shows and saves "[redacted]"; apply refuses to send "[redacted]" where the service holds no secret', async () => {
    const { service, secret, dir, run } = await setUp();
    expect((await run('import', 'shop')).code).toBe(0);
    // As an earlier graphform wrote it: the secret verbatim.
    const declaration = (await fileText(dir, 'content-sources/shop.yaml')).replace('webhookAuth: "[redacted]"', `webhookAuth: ${secret}`);
    await writeFile(path.join(dir, 'content-sources/shop.yaml'), declaration);
    const json = await run('plan', '--format', 'json', '--detailed-exitcode');
    expect(json.code, json.stderr).toBe(0);
    expectNoSecret(json.stdout + json.stderr, secret, 'plan --format json');
    expect(json.stdout).toContain(`Warning: ${CODE}: source shop holds one of graphform's configured secrets at contentTypes.Page.hook.headers.0, webhookAuth`);

    // The service's value changes outside graphform to one that holds no secret, and a
    // property is added: the plan undoes the outside change by a full update, which would
    // carry "[redacted]" with nothing to put there.
    service.stored.set('shop', { ...service.stored.get('shop'), webhookAuth: 'https://hooks.example.com/plain' });
    await writeFile(path.join(dir, 'content-sources/shop.yaml'), declaration.replace('      Title:', '      Body: { type: String }\n      Title:'));
    const sent = service.bodies.length;
    const saved = await run('plan', '--out', 'plan.json');
    expect(saved.code, saved.stderr).toBe(0);
    expectNoSecret((await fileText(dir, 'plan.json')) + saved.stdout + saved.stderr, secret, 'plan --out');
    expect(saved.stdout).toContain('the service holds no secret at webhookAuth');
    const applied = await run('apply', 'plan.json', '--yes', '--allow-data-loss');
    expect(applied.code).toBe(1);
    expect(applied.stdout).toContain(
      'shop: failed [GF_GRAPH_SECRET_NOT_HELD]: Refusing to send PUT /api/content/v3/types?id=shop: the request for source shop carries "[redacted]" at webhookAuth',
    );
    expect(applied.stdout + applied.stderr).not.toMatch(/\n\s+at .+:\d+:\d+\)/);
    expect(service.bodies.length, 'a request was sent with "[redacted]" in place of the secret').toBe(sent);
  });
});
