import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { itemFieldsFlag } from '../../src/cli/actions/emulator.js';
import { emulatorRegistrar } from '../../src/cli/commands/emulator.js';
import type { CommandContext } from '../../src/cli/context.js';
import { main } from '../../src/cli/main.js';
import { graphClientFor, indexLines, sampleDefinition } from '../helpers/emulator.js';
import { makeTempDir } from '../helpers/temp-dir.js';

/** Written text, and a promise for the first JSON line printed (what --format json prints on start). */
function capture(): { write(chunk: string): boolean; text(): string; firstLine(): Promise<string> } {
  let out = '';
  let found: ((line: string) => void) | undefined;
  const line = new Promise<string>((resolve) => (found = resolve));
  return {
    write: (chunk) => {
      out += chunk;
      if (out.includes('\n')) found?.(out.slice(0, out.indexOf('\n')));
      return true;
    },
    text: () => out,
    firstLine: () => line,
  };
}

function jsonContext(cwd: string): CommandContext & { stdout: ReturnType<typeof capture> } {
  const stdout = capture();
  const stderr = capture();
  return {
    stdout,
    io: { stdout, stderr, env: {}, cwd },
    globals: () => ({ config: undefined, env: undefined, format: 'json', color: false, verbose: false }),
    color: () => {
      throw new Error('not used');
    },
    colorErr: () => {
      throw new Error('not used');
    },
    out: (text) => void stdout.write(`${text}\n`),
    err: (text) => void stderr.write(`${text}\n`),
    loadConfig: () => Promise.reject(new Error('not used')),
    environment: () => Promise.reject(new Error('not used')),
  };
}

/** Runs `graphform emulator --format json <flags>`, pushes one item, and answers which of the three item fields its GraphQL serves. */
async function servedWith(flags: string[]): Promise<Record<string, unknown>> {
  const stop = new AbortController();
  const program = new Command().exitOverride();
  const ctx = jsonContext(await makeTempDir());
  emulatorRegistrar(() => ({ signal: stop.signal, dispose: () => undefined }))(program, async (handler) => void (await handler(ctx)));
  const done = program.parseAsync(['emulator', '--port', '0', ...flags], { from: 'user' });
  try {
    const printed = JSON.parse(await ctx.stdout.firstLine()) as { url: string; appKey: string; secret: string; graphqlUrl: string; singleKey: string };
    const client = graphClientFor({ url: printed.url, credentials: printed });
    await client.putTypes('shop', sampleDefinition({ languages: ['en'] }));
    await client.pushData('shop', indexLines([{ id: 'a', language: 'en', fields: { RolesWithReadAccess: 'Everyone' } }]));
    const served: Record<string, unknown> = {};
    for (const field of ['Status', '_rbac', 'RolesWithReadAccess']) {
      const answer = await fetch(`${printed.graphqlUrl}?auth=${printed.singleKey}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: `{ Product { items { ${field} } } }` }),
      });
      const body = (await answer.json()) as { data?: { Product: { items: Array<Record<string, unknown>> } }; errors?: Array<{ message: string }> };
      if (answer.status === 200) served[field] = body.data?.Product.items[0]?.[field];
      else expect(body.errors?.[0]?.message).toContain(`Cannot query field "${field}"`);
    }
    return served;
  } finally {
    stop.abort();
    await done;
  }
}

describe('graphform emulator --item-fields', () => {
  it('serves Status alone without the flag, the fields listed with it, and none with ""', async () => {
    expect(await servedWith([])).toEqual({ Status: 'Published' });
    expect(await servedWith(['--item-fields', 'Status,_rbac,RolesWithReadAccess'])).toEqual({
      Status: 'Published',
      _rbac: 'r:Everyone:Read',
      RolesWithReadAccess: 'Everyone',
    });
    expect(await servedWith(['--item-fields', ' _rbac '])).toEqual({ _rbac: 'r:Everyone:Read' });
    expect(await servedWith(['--item-fields', ''])).toEqual({});
  });

  it('reads the list', () => {
    expect(itemFieldsFlag(undefined)).toBeUndefined();
    expect(itemFieldsFlag('')).toEqual([]);
    expect(itemFieldsFlag('Status, _rbac')).toEqual(['Status', '_rbac']);
  });

  it('refuses an unknown name, naming the allowed ones', async () => {
    const stdout = capture();
    const stderr = capture();
    expect(await main(['emulator', '--port', '0', '--item-fields', 'Status,Owner'], { stdout, stderr, env: {}, cwd: await makeTempDir() })).not.toBe(0);
    expect(stderr.text()).toContain('--item-fields takes a comma-separated list of Status, _rbac, RolesWithReadAccess (or "" for none), not "Owner"');
    expect(stdout.text()).not.toContain('listening');
  });
});
