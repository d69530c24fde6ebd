import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isWrite, startTestEmulator } from '../../helpers/emulator.js';
import { graphProject, shopYaml } from '../../helpers/graph-project.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** An HTTP state server that answers 500 to everything and counts what reached it. */
async function countingStateServer(): Promise<{ url: string; requests: string[] }> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(`${request.method ?? ''} ${request.url ?? ''}`);
    response.writeHead(500).end();
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

describe('apply FILE checks', () => {
  it('names the property whose type changed since the plan, and does not guess at an edited file', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml() });
    expect((await project.cli('apply', '--yes')).code).toBe(0);
    await project.write({
      'content-sources/shop.yaml': shopYaml({ productProperties: '      Quantity: { type: Int }\n      Color: { type: String }\n      Zip: { type: String }' }),
    });
    expect((await project.cli('plan', '--out', 'wx.plan.json')).code).toBe(0);
    await project.write({
      'content-sources/shop.yaml': shopYaml({ productProperties: '      Quantity: { type: Int }\n      Color: { type: String }\n      Zip: { type: Int }' }),
    });
    emulator.inspect.clearRequests();
    const refused = await project.cli('apply', 'wx.plan.json');
    expect(refused.code, refused.stderr).toBe(1);
    expect(refused.stderr).toContain('GF_PLAN_STALE');
    expect(refused.stderr).toContain('the declarations changed since the plan was made');
    expect(refused.stderr, 'the difference is the property type').toContain('source shop: Product.Zip: String in the plan file, Int now');
    expect(refused.stderr, 'the file was not edited').not.toContain('was the file edited?');
    expect(emulator.inspect.requests().filter(isWrite)).toEqual([]);
  });

  it('refuses a plan made for another environment before it takes a lock or reads state', async () => {
    const emulator = await startTestEmulator();
    const production = await countingStateServer();
    const auth = '    auth: { scheme: hmac, appKey: "${env:GRAPH_APP_KEY}", secret: "${env:GRAPH_SECRET}" }';
    const extra = [
      '  production:',
      `    graphUrl: ${emulator.url}`,
      auth,
      `    state: { backend: http, address: "${production.url}/state", lockAddress: "${production.url}/lock" }`,
      '  staging:',
      `    graphUrl: ${emulator.url}`,
      auth,
    ].join('\n');
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml() }, extra);
    expect((await project.cli('plan', '--out', 'loc.plan.json')).code).toBe(0);
    emulator.inspect.clearRequests();

    const toProduction = await project.cli('apply', 'loc.plan.json', '--env', 'production');
    expect(toProduction.code, toProduction.stderr).toBe(1);
    expect(toProduction.stderr).toContain('GF_PLAN_STALE');
    expect(toProduction.stderr).toContain('The plan in loc.plan.json was made for environment test, but apply selected environment production.');
    expect(toProduction.stderr).toContain(
      'Apply it with environment test selected (--env test), or make a plan for production with `graphform --env production plan --out FILE`',
    );
    expect(production.requests, "production's state server is not contacted").toEqual([]);

    const toStaging = await project.cli('apply', 'loc.plan.json', '--env', 'staging');
    expect(toStaging.code, toStaging.stderr).toBe(1);
    expect(toStaging.stderr).toContain('was made for environment test, but apply selected environment staging');
    expect(toStaging.stderr, 'a state that never existed did not go away').not.toContain('no longer exists');
    expect(emulator.inspect.requests()).toEqual([]);
  });

  it('says where a plan file stops being JSON, and that a declaration is no plan, quoting neither', async () => {
    const emulator = await startTestEmulator();
    const project = await graphProject(emulator, { 'content-sources/shop.yaml': shopYaml() });
    expect((await project.cli('plan', '--out', 'broken.plan.json')).code).toBe(0);
    const text = await readFile(path.join(project.dir, 'broken.plan.json'), 'utf8');
    await project.write({ 'broken.plan.json': text.replace('"environment"', 'environment') });
    const line = text.split('\n').findIndex((l) => l.startsWith('  "environment"')) + 1;
    emulator.inspect.clearRequests();

    const broken = await project.cli('apply', 'broken.plan.json');
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain(`GF_PLAN_FORMAT`);
    expect(broken.stderr).toContain(`The plan file broken.plan.json is not valid JSON at line ${line}, column 3 (Expected double-quoted property name).`);
    expect(broken.stderr, 'no offset into the file').not.toContain('position');

    const declaration = await project.cli('apply', 'content-sources/shop.yaml');
    expect(declaration.code).toBe(1);
    expect(declaration.stderr).toContain(
      'The plan file content-sources/shop.yaml is not JSON: a plan file is a JSON object, and this one stops being JSON at line 1, column 1.',
    );
    expect(declaration.stderr).toContain('to apply the declarations, run `graphform apply` without a file');
    expect(declaration.stderr, 'the YAML is not quoted').not.toMatch(/id: shop|label: Shop/);
    expect(declaration.stderr, 'not a version problem').not.toMatch(/version/);
    expect(emulator.inspect.requests()).toEqual([]);
  });
});
