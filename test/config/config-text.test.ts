import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/load-config.js';
import type { GraphformError } from '../../src/diagnostics/errors.js';
import { configRefusal as refusal } from '../helpers/config-refusal.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

function said(error: GraphformError): string {
  return `${error.code}: ${error.message}\n${error.hint ?? ''}`;
}

describe('a config nested too deep', () => {
  it.each([
    ['flow lists in YAML', 'graphform.config.yaml', `sources: ${'['.repeat(3000)}${']'.repeat(3000)}\n`, 'graphform.config.yaml:1:109'],
    [
      'block maps in YAML',
      'graphform.config.yaml',
      `data:\n${Array.from({ length: 150 }, (_, i) => `${' '.repeat(i + 1)}a${i}:`).join('\n')}\n`,
      'graphform.config.yaml:101:',
    ],
    ['objects in JSON', 'graphform.config.json', `{"sources": ${'{"a": '.repeat(3000)}1${'}'.repeat(3000)}}`, 'graphform.config.json:1:'],
    [
      'objects under "graphform" in package.json',
      'package.json',
      `{"name": "x", "graphform": {"sources": ${'['.repeat(3000)}${']'.repeat(3000)}}}`,
      'package.json:1:',
    ],
  ])("%s is refused at the position where it passes the declarations' limit", async (_name, file, text, at) => {
    const error = await refusal({ [file]: text });
    expect(error.code).toBe('GF_CONFIG_INVALID');
    expect(error.message).toContain(at);
    expect(error.message).toMatch(/lists and maps nest more than 100 levels deep here/);
    expect(error.hint).toMatch(/Remove the nesting/);
    expect(said(error)).not.toMatch(/call stack/i);
  });
});

describe('a config that is not UTF-8', () => {
  it.each([
    [
      'YAML',
      'graphform.config.yaml',
      Buffer.concat([Buffer.from('maxSources: 3\nsources: content-'), Buffer.from([0xff, 0xfe]), Buffer.from('sources\n')]),
      'graphform.config.yaml:2:18',
      /byte 0xFF is not UTF-8/,
    ],
    [
      'JSON',
      'graphform.config.json',
      Buffer.concat([Buffer.from('{"sources": "caf'), Buffer.from([0xe9]), Buffer.from('"}')]),
      'graphform.config.json:1:17',
      /byte 0xE9 is not UTF-8/,
    ],
    ['UTF-16', '.graphformrc.yaml', Buffer.from('\ufeffsources: x\n', 'utf16le'), '.graphformrc.yaml:1:1', /UTF-16/],
  ])('%s is refused at the first byte that is not, never read with U+FFFD', async (_name, file, bytes, at, why) => {
    const error = await refusal({ [file]: bytes });
    expect(error.code).toBe('GF_CONFIG_INVALID');
    expect(error.message).toContain(at);
    expect(error.message).toMatch(why);
    expect(said(error)).toMatch(/save it as UTF-8/);
  });

  it('a UTF-8 byte-order mark is not a problem', async () => {
    const dir = await makeProjectDir({ 'graphform.config.yaml': '\ufeffmaxSources: 3\n' });
    await expect(loadConfig({ cwd: dir, configFile: undefined, env: {} })).resolves.toMatchObject({ maxSources: 3 });
  });
});

describe('a config key given twice', () => {
  it.each([
    [
      'at the top of YAML',
      'graphform.config.yaml',
      'sources: a\nmaxSources: 3\nsources: b\n',
      'graphform.config.yaml:3:1 (sources)',
      'duplicate key `sources` (first at line 1)',
    ],
    [
      'in a YAML flow map',
      'graphform.config.yaml',
      'http: { timeoutMs: 5, timeoutMs: 6 }\n',
      'graphform.config.yaml:1:23 (http.timeoutMs)',
      'duplicate key `timeoutMs` (first at line 1)',
    ],
    [
      'in JSON',
      'graphform.config.json',
      '{\n  "sources": "a",\n  "http": {"timeoutMs": 5,\n    "timeoutMs": 6}\n}',
      'graphform.config.json:4:5 (http.timeoutMs)',
      'duplicate key `timeoutMs` (first at line 3)',
    ],
    [
      'under "graphform" in package.json',
      'package.json',
      '{"name": "x", "graphform": {"sources": "a", "sources": "b"}}',
      'package.json:1:45 (graphform.sources)',
      'duplicate key `sources` (first at line 1)',
    ],
  ])('%s names the file, the line and column of the repeat, and says what to do', async (_name, file, text, at, what) => {
    const error = await refusal({ [file]: text });
    expect(error.code).toBe('GF_CONFIG_INVALID');
    expect(error.message).toContain(at);
    expect(error.message).toContain(what);
    expect(error.hint).toMatch(/Keep one of each key/);
    expect(said(error)).not.toContain('syntax error above');
  });

  it("a key repeated elsewhere in package.json is npm's business, not the config's", async () => {
    const dir = await makeProjectDir({ 'package.json': '{"name": "x", "scripts": {"t": "a", "t": "b"}, "graphform": {"maxSources": 3}}' });
    await expect(loadConfig({ cwd: dir, configFile: undefined, env: {} })).resolves.toMatchObject({ maxSources: 3 });
  });
});

describe('a YAML syntax error in the config', () => {
  it('is at its file, line and column', async () => {
    const error = await refusal({ 'graphform.config.yaml': 'maxSources: 3\nsources: [a\n' });
    expect(error.code).toBe('GF_CONFIG_INVALID');
    expect(error.message).toMatch(/graphform\.config\.yaml:\d+:\d+: YAML syntax error: /);
    expect(error.hint).toMatch(/Fix the YAML at that line/);
  });
});

describe('a JSON syntax error in the config', () => {
  it.each([
    ['a text cut short', '{\n  "sources": "content-sources",\n  "environments": {\n', 'graphform.config.json:4:1: JSON syntax error: '],
    ['two commas', '{\n  "sources": "content-sources",\n  "x": [1,,2]\n}\n', "graphform.config.json:3:11: JSON syntax error: Unexpected token ','"],
    ['a missing colon', '{\n  "maxSources" 3\n}\n', 'graphform.config.json:2:16: JSON syntax error: Expected'],
  ])('%s is at its file, line and column, with what to do', async (_name, text, start) => {
    const error = await refusal({ 'graphform.config.json': text });
    expect(error.code).toBe('GF_CONFIG_INVALID');
    expect(error.message.startsWith(start), error.message).toBe(true);
    // Not "Fix the syntax error above" with nothing above: the hint says where to look.
    expect(error.hint).toBe('Fix the JSON at that line; docs/configuration.md shows a whole config.');
  });
});
