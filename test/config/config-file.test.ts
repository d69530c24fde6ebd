import { symlink } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { namedConfigFile, searchConfigFile } from '../../src/config/config-file.js';
import { rejection } from '../helpers/graphform-error.js';
import { makeTempDir, writeFiles } from '../helpers/temp-dir.js';

/** The project search as cosmiconfig did it, each candidate read once by graphform. */
describe('finding and reading the config file', () => {
  it('passes over empty candidates, and hands back the text it read with what the loader made of it', async () => {
    const dir = await makeTempDir();
    await writeFiles(dir, { 'graphform.config.yaml': '  \n', '.graphformrc.json': '{ "sources": "decl" }\n' });
    expect(await searchConfigFile(dir)).toEqual({ file: path.join(dir, '.graphformrc.json'), text: '{ "sources": "decl" }\n', value: { sources: 'decl' } });
  });

  it('looks up from the working folder, and stops at the folder holding a package.json', async () => {
    const dir = await makeTempDir();
    await writeFiles(dir, { 'graphform.config.yaml': 'sources: up\n', 'a/b/.keep': '', 'p/package.json': '{ "name": "p" }', 'p/q/.keep': '' });
    expect((await searchConfigFile(path.join(dir, 'a/b')))?.value).toEqual({ sources: 'up' });
    expect(await searchConfigFile(path.join(dir, 'p/q'))).toBeUndefined();
  });

  it('takes the "graphform" key of a package.json, and passes one without it over', async () => {
    const dir = await makeTempDir();
    await writeFiles(dir, { 'package.json': JSON.stringify({ name: 'x', graphform: { sources: 'schemas' } }) });
    expect((await searchConfigFile(dir))?.value).toEqual({ sources: 'schemas' });
    const bare = await makeTempDir();
    await writeFiles(bare, { 'package.json': '{ "name": "x" }' });
    expect(await searchConfigFile(bare)).toBeUndefined();
    expect(await namedConfigFile(bare, 'package.json')).toBeUndefined();
  });

  it('reads a file named with --config wherever it is; an empty one is a config without keys', async () => {
    const dir = await makeTempDir();
    await writeFiles(dir, { 'conf/empty.yaml': '', 'conf/one.yml': 'maxSources: 2\n' });
    expect(await namedConfigFile(dir, 'conf/empty.yaml')).toEqual({ file: path.join(dir, 'conf/empty.yaml'), text: '', value: undefined });
    expect((await namedConfigFile(dir, 'conf/one.yml'))?.value).toEqual({ maxSources: 2 });
    expect(await rejection(namedConfigFile(dir, 'conf/none.yaml'))).toMatchObject({
      code: 'GF_CONFIG_NOT_FOUND',
      message: 'Config file conf/none.yaml does not exist.',
    });
  });

  it('refuses a searched config that is a folder or a link leaving its folder, before any parser sees it', async () => {
    const folder = await makeTempDir();
    await writeFiles(folder, { 'graphform.config.yaml/.keep': '' });
    expect(await rejection(searchConfigFile(folder))).toMatchObject({
      code: 'GF_NOT_A_FILE',
      message: expect.stringContaining('is a folder, not a regular file') as unknown,
    });
    const outside = await makeTempDir();
    await writeFiles(outside, { 'elsewhere.yaml': 'sources: [unclosed\n' });
    const linked = await makeTempDir();
    await symlink(path.join(outside, 'elsewhere.yaml'), path.join(linked, 'graphform.config.yaml'));
    expect(await rejection(searchConfigFile(linked))).toMatchObject({ code: 'GF_CONFIG_OUTSIDE_PROJECT' });
  });
});
