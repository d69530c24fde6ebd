import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CliIO } from '../../../src/cli/io.js';
import { runCli, type CliRun } from '../../helpers/run-cli.js';

/** What the test's "browser" may do to the callback before following it (the URL is changed in place). */
export type Tamper = (callback: URL) => void | Promise<void>;

/**
 * `graphform auth login --no-browser` with the test as the browser: once the authorization
 * URL is printed, it is fetched, its redirect taken (after `tamper`) to graphform's callback.
 * Answers the run, with stderr, and the code the server issued.
 */
export async function loginFollowing(
  argv: string[],
  options: { cwd: string; env: Record<string, string>; io?: Partial<CliIO>; tamper?: Tamper },
): Promise<{ run: CliRun; code: string; page: string }> {
  let stderr = '';
  let followed: Promise<{ code: string; page: string }> | undefined;
  const follow = async (url: string): Promise<{ code: string; page: string }> => {
    const answer = await fetch(url, { redirect: 'manual' });
    const location = answer.headers.get('location');
    if (location === null) return { code: '', page: await answer.text() };
    const callback = new URL(location);
    const code = callback.searchParams.get('code') ?? '';
    await options.tamper?.(callback);
    return { code, page: await (await fetch(callback)).text() };
  };
  const run = await runCli(['auth', 'login', '--no-browser', ...argv], {
    cwd: options.cwd,
    env: options.env,
    io: {
      ...options.io,
      stderr: {
        write: (text: string) => {
          stderr += text;
          const url = /(http:\/\/127\.0\.0\.1:\d+\/o\/oauth2\/v1\/auth\?\S+)/.exec(stderr)?.[1];
          if (url !== undefined) followed ??= follow(url);
          return true;
        },
      },
    },
  });
  const browser = (await followed) ?? { code: '', page: '' };
  return { run: { ...run, stderr }, ...browser };
}

export interface StoredPair {
  accessToken: string;
  refreshToken: string;
  idToken: string;
}

/** The token store's first pair (the tests keep one). */
export async function storedPair(xdg: string): Promise<StoredPair> {
  const file = JSON.parse(await readFile(storeFile(xdg), 'utf8')) as { tokens: StoredPair[] };
  const [entry] = file.tokens;
  if (entry === undefined) throw new Error('no stored tokens');
  return entry;
}

export function storeFile(xdg: string): string {
  return path.join(xdg, 'graphform', 'credentials.json');
}
