import { describe, expect, it } from 'vitest';
import * as graphform from '../src/index.js';
import { makeTempDir } from './helpers/temp-dir.js';

describe('the programmatic API', () => {
  it('plans and applies declarations to an emulator with the same pieces the CLI uses', async () => {
    const emulator = await graphform.startEmulator({ port: 0 });
    try {
      const file = graphform.parseDeclarationFile(
        'shop.yaml',
        'id: shop\nlabel: Shop\nlanguages: [en]\ncontentTypes:\n  Product:\n    contentType: []\n    properties:\n      Name: { type: String }\n',
      );
      const { declarations, diagnostics } = graphform.validateDeclarations([file], { scalarTypes: ['String'], reservedTypeNames: [], maxSources: undefined, stateSources: {} });
      expect(diagnostics).toEqual([]);
      const plan = graphform.buildPlan({
        environment: 'api',
        state: undefined,
        declarations,
        remote: {},
        options: { prune: false, strategy: 'auto', targets: undefined },
        createdAt: '2026-11-22T10:00:00.000Z',
        tool: { name: graphform.TOOL_NAME, version: graphform.TOOL_VERSION },
        diagnostics: [],
      });
      expect(plan.summary).toMatchObject({ create: 1, dataLoss: false });

      const dir = await makeTempDir();
      const backend = graphform.createLocalBackend({ path: `${dir}/state.json`, lockTimeoutMs: 0, now: () => new Date(), who: 'api', pid: 1, host: 'test' });
      const client = graphform.createGraphClient({ baseUrl: emulator.url, auth: { scheme: 'hmac', ...emulator.credentials } });
      const result = await graphform.applyPlan({
        plan,
        client,
        declarations,
        state: graphform.emptyState('00000000-0000-4000-8000-000000000001'),
        writeState: (state) => backend.write(state),
        now: () => new Date(),
        toolVersion: graphform.TOOL_VERSION,
        parallelism: 1,
      });
      expect(result.ok).toBe(true);
      expect((await backend.read())?.sources.shop?.hash).toBe(graphform.hashDefinition(declarations[0]!.definition));
      expect(emulator.inspect.definition('shop')).toMatchObject({ label: 'Shop' });
    } finally {
      await emulator.close();
    }
  });
});
