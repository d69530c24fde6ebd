import { cp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Chalk } from 'chalk';
import { describe, expect, it } from 'vitest';
import * as graphform from '../../src/index.js';
import { loadConfig, nodeHost, type WorkflowHost } from '../../src/index.js';
import { renderError } from '../../src/cli/render-error.js';
import { rejection } from '../helpers/graphform-error.js';
import { makeTempDir } from '../helpers/temp-dir.js';

const REPO = path.resolve(import.meta.dirname, '../..');

type Exported = (input: unknown, host: unknown) => Promise<unknown>;
const call = (name: keyof typeof graphform, input: unknown, host: unknown): Promise<unknown> => (graphform[name] as unknown as Exported)(input, host);

/** A host over an empty folder: a call that got past the check would fail there for another reason (no config). */
async function emptyHost(): Promise<WorkflowHost> {
  return nodeHost({ cwd: await makeTempDir('graphform-library-input-'), variables: {} });
}

describe('the exported workflows check their input and host before any work', () => {
  it.each<[string, keyof typeof graphform, unknown, 'host' | 'none' | 'input-as-host', string]>([
    ['no source', 'dataPush', { files: ['extra/desks.yaml'] }, 'host', 'dataPush: input.source must be the id of a declared source (a string), got undefined.'],
    [
      'files as one string',
      'dataPush',
      { source: 'shop', files: 'extra/desks.yaml' },
      'host',
      'dataPush: input.files must be an array of file paths (strings), got "extra/desks.yaml".',
    ],
    [
      'a negative batch size',
      'dataPush',
      { source: 'shop', batchBytes: -5 },
      'host',
      'dataPush: input.batchBytes must be a whole number of at least 1, got -5.',
    ],
    ['no host', 'plan', {}, 'none', 'plan: the second argument must be a host from nodeHost(), got undefined.'],
    [
      'the host as the input',
      'validate',
      undefined,
      'input-as-host',
      'validate: the second argument must be a host from nodeHost(), got undefined; the first argument is a host: the input comes first.',
    ],
    ['no input', 'plan', undefined, 'host', 'plan: the first argument must be an input object, got undefined.'],
    ['an unknown strategy', 'plan', { strategy: 'partial' }, 'host', 'plan: input.strategy must be "auto" or "full", got "partial".'],
    ['a bogus strategy', 'apply', { strategy: 'bogus' }, 'host', 'apply: input.strategy must be "auto" or "full", got "bogus".'],
    ['a misspelt option', 'apply', { allowDataloss: true }, 'host', 'apply: input.allowDataloss is not an option of apply; did you mean `allowDataLoss`?'],
    ['a string for a boolean', 'apply', { allowDataLoss: 'yes' }, 'host', 'apply: input.allowDataLoss must be true or false, got "yes".'],
    ['targets as one id', 'plan', { targets: 'shop' }, 'host', 'plan: input.targets must be an array of source ids (strings), got "shop".'],
    ['no snapshot', 'dataRestore', { source: 'shop' }, 'host', 'dataRestore: input.snapshot must be a snapshot file path (a string), got undefined.'],
    ['a page too large', 'assetsList', { pageSize: 500 }, 'host', 'assetsList: input.pageSize must be a whole number from 1 to 100, got 500.'],
    ['no lock id', 'stateUnlock', { force: true }, 'host', "stateUnlock: input.lockId must be the lock's id (a string), got undefined."],
    ['a number for the environment', 'stateList', { environment: 3 }, 'host', "stateList: input.environment must be an environment's name (a string), got 3."],
    ['no url callback', 'authLogin', {}, 'host', 'authLogin: input.onAuthorizationUrl must be a function, got undefined.'],
    [
      'documents as one pattern',
      'checkOperations',
      { documents: 'src/**/*.graphql' },
      'host',
      'checkOperations: input.documents must be an array of glob patterns (strings, or patterns with their place), got "src/**/*.graphql".',
    ],
  ])('%s: %s refuses with GF_USAGE', async (_case, name, input, hostGiven, message) => {
    const host = await emptyHost();
    const args: [unknown, unknown] = hostGiven === 'host' ? [input, host] : hostGiven === 'input-as-host' ? [host, undefined] : [input, undefined];
    const error = await rejection(call(name, ...args));
    expect(error.code, `${name} ${JSON.stringify(input)}: ${error.message}`).toBe('GF_USAGE');
    expect(error.message).toBe(message);
  });

  it('every exported workflow refuses a missing host and an unknown option', async () => {
    const host = await emptyHost();
    const names = [
      'validate',
      'plan',
      'apply',
      'importSource',
      'checkOperations',
      'codegen',
      'dataValidate',
      'dataPush',
      'dataPurge',
      'dataRestore',
      'stateList',
      'stateShow',
      'stateRm',
      'stateUnlock',
      'assetsList',
      'assetsSync',
      'authLogin',
      'authStatus',
      'authRefresh',
      'authLogout',
    ] as const;
    for (const name of names) {
      expect((await rejection(call(name, {}, undefined))).message, name).toMatch(new RegExp(`^${name}: the second argument must be a host`));
      const unknown = await rejection(call(name, { environmnet: 'local' }, host));
      expect([unknown.code, unknown.message], name).toEqual([
        'GF_USAGE',
        `${name}: input.environmnet is not an option of ${name}; did you mean \`environment\`?`,
      ]);
    }
  });
});

describe('errors a library call gets name its input options, not command-line flags', () => {
  it('dataPurge with no languages names input.languages and input.allLanguages', async () => {
    const error = await rejection(call('dataPurge', { source: 'shop' }, await emptyHost()));
    expect(error.code).toBe('GF_DATA_NO_LANGUAGES');
    expect(error.message).toBe(
      'dataPurge: name the languages to purge in input.languages (non-empty language codes), or set input.allLanguages: true; not both.',
    );
    const both = await rejection(call('dataPurge', { source: 'shop', languages: ['en'], allLanguages: true }, await emptyHost()));
    expect(both.code).toBe('GF_DATA_NO_LANGUAGES');
  });

  it('a data.* number out of range: the hint says input option to a script, and the flag on the command line', async () => {
    // The config loader refuses such a number in a file or a config object, and the boundary
    // an override option; a loaded config changed by the script still reaches the push's check.
    const dir = await makeTempDir('graphform-library-data-config-');
    await cp(path.join(REPO, 'content-sources'), path.join(dir, 'content-sources'), { recursive: true });
    await cp(path.join(REPO, 'graphform.config.yaml'), path.join(dir, 'graphform.config.yaml'));
    await writeFile(path.join(dir, 'items.ndjson'), '');
    const loaded = await loadConfig({ cwd: dir, configFile: undefined, env: {} });
    const config = { ...loaded, data: { ...loaded.data, batchMaxBytes: -5 } };
    const error = await rejection(call('dataValidate', { config, source: 'shop', files: ['items.ndjson'] }, nodeHost({ cwd: dir, variables: {} })));
    expect(error.message).toBe('data.batchMaxBytes must be a whole number of at least 1, found -5.');
    expect(error.hint).toBe('Fix it in the config file or the matching input option.');
    expect(error.hint).not.toMatch(/command-line|--/);
    // What the command line prints for the same error is worded as before.
    expect(renderError(error, { verbose: false, color: new Chalk({ level: 0 }) })).toContain('  Fix it in the config file or the matching command-line flag.');
  });
});
