import { describe, expect, it } from 'vitest';
import { openEnvironment } from '../../../src/workflows/internal/open-environment.js';
import { loadConfig, selectEnvironment } from '../../../src/config/load-config.js';
import { makeProjectDir } from '../../helpers/temp-dir.js';
import { testHost } from '../../helpers/workflow-host.js';

describe('openEnvironment with the embedded emulator', () => {
  it("starts it with the config's cmsTypes and maxSources", async () => {
    const cwd = await makeProjectDir({
      'graphform.config.yaml': [
        'environments:',
        '  local:',
        '    emulator:',
        '      maxSources: 1',
        '      cmsTypes:',
        '        label: Our CMS',
        '        languages: [en]',
        '        contentTypes: { HomePage: { contentType: [], properties: {} } }',
        '',
      ].join('\n'),
    });
    const config = await loadConfig({ cwd, configFile: undefined, env: {} });
    const opened = await openEnvironment(testHost(cwd), config, selectEnvironment(config, 'local'));
    try {
      expect(opened.description).toMatch(/^local emulator \(http:\/\/127\.0\.0\.1:\d+\)$/);
      expect(await opened.client.getCmsTypes()).toMatchObject({
        status: 'found',
        definition: { label: 'Our CMS', languages: ['en'], contentTypes: { HomePage: { contentType: [], properties: {} } } },
      });
      expect((await opened.client.listSources()).map((s) => [s.id, s.label])).toEqual([['default', 'Our CMS']]);
      const definition = { label: 'Shop', languages: ['en'], contentTypes: { Product: { contentType: [], properties: {} } } };
      await opened.client.putTypes('shop', definition);
      // The CMS's source does not count towards the limit; a second custom one would.
      await expect(opened.client.putTypes('blog', definition)).rejects.toMatchObject({ code: 'GF_GRAPH_HTTP_403' });
    } finally {
      await opened.close();
    }
  });
});
