import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Extractor, ExtractorConfig, ExtractorLogLevel, type ExtractorMessage } from '@microsoft/api-extractor';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuild } from '../helpers/built-binary.js';
import { makeTempDir } from '../helpers/temp-dir.js';

/**
 * The public surface is one reviewed file: etc/graphform.api.md, API Extractor's report of
 * what dist/index.d.ts exports. A change to the surface changes that file, so it shows in
 * review; `npm run api:update` writes it anew. The same run fails on a type that a public
 * signature uses but the package does not export by name (ae-forgotten-export).
 */
const repo = path.resolve(import.meta.dirname, '../..');

interface Run {
  succeeded: boolean;
  apiReportChanged: boolean;
  problems: string[];
}

function invoke(config: ExtractorConfig): Run {
  const problems: string[] = [];
  const result = Extractor.invoke(config, {
    localBuild: false,
    messageCallback: (message: ExtractorMessage) => {
      if (message.logLevel === ExtractorLogLevel.Error || message.logLevel === ExtractorLogLevel.Warning)
        problems.push(message.formatMessageWithLocation(repo));
      // Collected here, told by the assertion: not printed among the test output.
      message.handled = true;
    },
  });
  return { succeeded: result.succeeded, apiReportChanged: result.apiReportChanged, problems };
}

describe('the public surface (etc/graphform.api.md)', () => {
  beforeAll(assertFreshBuild);

  it('names every type its signatures use, and is the reviewed report', { timeout: 120_000 }, () => {
    const run = invoke(ExtractorConfig.loadFileAndPrepare(path.join(repo, 'api-extractor.json')));
    expect(run.problems, 'types used in public signatures but not exported by name from src/index.ts (export them there)').toEqual([]);
    expect(run.apiReportChanged, 'the exported surface differs from etc/graphform.api.md: review the change, then run `npm run api:update`').toBe(false);
    expect(run.succeeded).toBe(true);
  });

  it('catches a forgotten export (the check itself works)', { timeout: 120_000 }, async () => {
    const dir = await makeTempDir('graphform-api-');
    await mkdir(path.join(dir, 'etc'));
    await writeFile(path.join(dir, 'package.json'), JSON.stringify({ name: 'forgetful', version: '1.0.0' }));
    await writeFile(path.join(dir, 'index.d.ts'), 'interface Hidden {\n  secret: string;\n}\nexport declare function reveal(): Hidden;\nexport {};\n');
    await writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true }, files: ['index.d.ts'] }));
    const config = ExtractorConfig.prepare({
      configObject: {
        ...ExtractorConfig.loadFile(path.join(repo, 'api-extractor.json')),
        projectFolder: dir,
        mainEntryPointFilePath: '<projectFolder>/index.d.ts',
        compiler: { tsconfigFilePath: '<projectFolder>/tsconfig.json' },
        apiReport: { enabled: true, reportFolder: '<projectFolder>/etc/', reportTempFolder: '<projectFolder>/temp/' },
      },
      configObjectFullPath: path.join(dir, 'api-extractor.json'),
      packageJsonFullPath: path.join(dir, 'package.json'),
    });
    const run = invoke(config);
    expect(run.succeeded).toBe(false);
    expect(run.problems.join('\n')).toContain('The symbol "Hidden" needs to be exported by the entry point index.d.ts');
  });
});
