import { beforeAll, describe, expect, it } from 'vitest';
import { assertFreshBuild, runBuilt, spawnBuilt, type Ended } from '../helpers/built-binary.js';
import { makeProjectDir } from '../helpers/temp-dir.js';

const declaration = (id: string, extra = '') =>
  `id: ${id}\nlabel: ${id}\nlanguages: [en]\ncontentTypes:\n  ${id.toUpperCase()}:\n    contentType: []\n    properties: {}\n${extra}`;

describe('the built binary, with a data: glob that matches every declaration', () => {
  beforeAll(assertFreshBuild);

  it('validate fails at the pattern and keeps every source declared', async () => {
    const dir = await makeProjectDir({
      'graphform.config.yaml': 'sources: content-sources\n',
      'content-sources/blog.yaml': declaration('blog'),
      'content-sources/shop.yaml': declaration('shop', 'data: ["../**/*.yaml"]\n'),
    });
    const text = await runBuilt(dir, ['validate']);
    expect(text.code, text.stdout + text.stderr).toBe(1);
    expect(text.stdout).toContain('content-sources/shop.yaml:8:8 error GF_DATA_MATCHES_DECLARATION');
    expect(text.stdout).toContain('matches the declaration content-sources/blog.yaml');
    expect(text.stdout).not.toContain('0 content sources valid');
    const json = await runBuilt(dir, ['validate', '--format', 'json']);
    expect(json.code).toBe(1);
    const diagnostics = (JSON.parse(json.stdout) as { diagnostics: { code: string }[] }).diagnostics.map((d) => d.code);
    expect(diagnostics).toEqual(['GF_DATA_MATCHES_DECLARATION', 'GF_DATA_MATCHES_DECLARATION']);
    for (const args of [
      ['plan', '--detailed-exitcode'],
      ['plan', '--prune'],
    ]) {
      const plan = await runBuilt(dir, args);
      expect(plan.code, args.join(' ')).toBe(1);
      expect(plan.stderr, args.join(' ')).toContain('GF_DATA_MATCHES_DECLARATION');
      expect(plan.stdout + plan.stderr, args.join(' ')).not.toMatch(/orphan|delete/i);
    }
  });
});

/**
 * Issue 24: `data:` patterns a pull request can write. `*a` thirty times beside a name of 200
 * `a`s kept plan and data validate at full CPU past 60 s (picomatch's regular expression
 * backtracks), and twenty `**` over a folder six deep took 73 s, then overflowed the stack.
 * Each now takes a fraction of a second; a run is killed after 20 s, so a regression fails.
 */
const LOCAL = 'sources: content-sources\ndefaultEnvironment: local\nenvironments:\n  local:\n    emulator: { dataDir: .graphform/emulator }\n';
const ITEM = '{"Id":"a","language_routing":"en","ContentType":["SHOP"]}\n';

async function runBounded(dir: string, argv: readonly string[]): Promise<Ended> {
  const run = spawnBuilt(dir, argv);
  const timer = setTimeout(() => run.child.kill('SIGKILL'), 20_000);
  try {
    return await run.ended;
  } finally {
    clearTimeout(timer);
  }
}

describe('the built binary, with data: patterns that once stalled it', () => {
  beforeAll(assertFreshBuild);

  it.each([
    [
      'thirty stars beside a name of 200 characters',
      `../data/${'*a'.repeat(30)}c.ndjson`,
      { [`data/${'a'.repeat(200)}`]: '', [`data/${'a'.repeat(100)}c.ndjson`]: ITEM },
    ],
    ['twenty globstars over a folder six deep', `../${'**/'.repeat(20)}*.ndjson`, { [`data/${'d/'.repeat(6)}x.ndjson`]: ITEM }],
  ])('%s: data validate and plan check the one file at once', async (_, pattern, files) => {
    const dir = await makeProjectDir({ 'graphform.config.yaml': LOCAL, 'content-sources/shop.yaml': declaration('shop', `data: ['${pattern}']\n`), ...files });
    const validated = await runBounded(dir, ['data', 'validate', 'shop']);
    expect(validated.code, validated.stdout + validated.stderr).toBe(0);
    expect(validated.stdout).toContain('1 item in 1 file: all valid');
    const plan = await runBounded(dir, ['plan']);
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    expect(plan.stdout).toContain('data: checked 1 file after creating the source: 1 item, 0 errors, 0 warnings');
  });

  it('braces that expand past the limit are an error at the data: entry, and plan refuses them', async () => {
    const pattern = `../data/${'{a,b}'.repeat(7)}.ndjson`;
    const dir = await makeProjectDir({ 'graphform.config.yaml': LOCAL, 'content-sources/shop.yaml': declaration('shop', `data: ['${pattern}']\n`) });
    const validated = await runBuilt(dir, ['validate']);
    expect(validated.code, validated.stdout + validated.stderr).toBe(1);
    expect(validated.stdout).toContain(`content-sources/shop.yaml:8:8 error GF_DATA_PATTERN_TOO_COMPLEX: data: pattern "${pattern}" has braces that expand`);
    expect(validated.stdout).toContain('to more than 64 alternatives; list fewer, or split it into several patterns');
    const plan = await runBounded(dir, ['plan']);
    expect(plan.code, plan.stdout + plan.stderr).toBe(1);
    expect(plan.stderr).toContain('content-sources/shop.yaml:8:8 error GF_DATA_PATTERN_TOO_COMPLEX');
  });
});
