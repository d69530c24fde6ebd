import { join } from 'node:path';
import { GraphformError } from '../../diagnostics/errors.js';
import { writeFileAtomic } from '../../fs/atomic-file.js';
import { readWholeFile } from '../../fs/read-whole-file.js';
import type { MarketingApp } from '../types.js';
import { checkApp } from './apps.js';
import type { CodeRecord, GrantsSnapshot, TokenRecord } from './grants.js';

/** The authorization server's state in the data directory: apps (with secrets) and token hashes. */
export interface OAuthFile {
  clockOffsetMs: number;
  demoApp: MarketingApp;
  apps: MarketingApp[];
  grants: GrantsSnapshot;
}

const FORMAT_VERSION = 1;
const FILE_NAME = 'oauth.json';
/** Far more than the apps and token hashes of any test or demo; a larger file is not this one. */
const MAX_FILE_BYTES = 64 << 20;

export function oauthFilePath(dataDir: string): string {
  return join(dataDir, FILE_NAME);
}

/** The file's text: comparing two says whether anything changed. */
export function oauthFileText(file: OAuthFile): string {
  const { grants, ...rest } = file;
  const content = { formatVersion: FORMAT_VERSION, ...rest, codes: grants.codes, tokens: grants.tokens };
  return `${JSON.stringify(content, null, 2)}\n`;
}

/** Mode 0600: it holds the apps' client secrets. */
export async function writeOAuthFile(dataDir: string, text: string): Promise<void> {
  await writeFileAtomic(oauthFilePath(dataDir), text, 0o600);
}

/** The file as read, with its text. */
export async function readOAuthFile(dataDir: string): Promise<{ file: OAuthFile; text: string } | undefined> {
  const path = oauthFilePath(dataDir);
  // A regular file only: a FIFO in its place would block the emulator's start for good.
  const bytes = await readWholeFile(path, {
    shown: `The emulator's authorization server file ${path}`,
    maxBytes: MAX_FILE_BYTES,
    code: 'GF_EMULATOR_CORRUPT_DATA',
    hint: 'Remove it to start with a new demo app and no tokens.',
  });
  if (bytes === undefined) return undefined;
  const text = bytes.toString('utf8');
  try {
    return { file: parse(JSON.parse(text) as unknown), text };
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new GraphformError('GF_EMULATOR_CORRUPT_DATA', `The emulator's authorization server file ${path} is damaged: ${why}`, {
      details: { path },
      hint: 'It is written atomically, so it was changed by hand: fix it, or remove it to start with a new demo app and no tokens.',
    });
  }
}

type Fields = Record<string, unknown>;

function object(value: unknown, what: string): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${what} is not an object`);
  return value as Fields;
}

function list(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${what} is not a list`);
  return value;
}

function string(fields: Fields, key: string, what: string): string {
  const value = fields[key];
  if (typeof value !== 'string') throw new Error(`${what}.${key} is not a string`);
  return value;
}

function time(fields: Fields, key: string, what: string): number {
  const value = fields[key];
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new Error(`${what}.${key} is not a time in ms`);
  return value;
}

function parseCode(value: unknown, i: number): CodeRecord & { hash: string } {
  const what = `codes[${i}]`;
  const c = object(value, what);
  const code: CodeRecord & { hash: string } = {
    hash: string(c, 'hash', what),
    clientId: string(c, 'clientId', what),
    redirectUri: string(c, 'redirectUri', what),
    expiresAt: time(c, 'expiresAt', what),
  };
  if (c.grantId !== undefined) code.grantId = string(c, 'grantId', what);
  return code;
}

function parseToken(value: unknown, i: number): TokenRecord & { hash: string } {
  const what = `tokens[${i}]`;
  const t = object(value, what);
  const kind = t.kind;
  if (kind !== 'access' && kind !== 'refresh') throw new Error(`${what}.kind is neither access nor refresh`);
  const token: TokenRecord & { hash: string } = {
    hash: string(t, 'hash', what),
    kind,
    clientId: string(t, 'clientId', what),
    grantId: string(t, 'grantId', what),
    expiresAt: time(t, 'expiresAt', what),
  };
  if (t.clientCredentials !== undefined) {
    if (t.clientCredentials !== true) throw new Error(`${what}.clientCredentials is not true`);
    token.clientCredentials = true;
  }
  return token;
}

function parse(value: unknown): OAuthFile {
  const file = object(value, 'the file');
  if (file.formatVersion !== FORMAT_VERSION) throw new Error(`format ${String(file.formatVersion)} is not ${FORMAT_VERSION}`);
  const offset = time(file, 'clockOffsetMs', 'the file');
  const demoApp = checkApp(object(file.demoApp, 'demoApp') as unknown as MarketingApp, 'demoApp');
  const apps = list(file.apps, 'apps').map((app, i) => checkApp(object(app, `apps[${i}]`) as unknown as MarketingApp, `apps[${i}]`));
  return {
    clockOffsetMs: offset,
    demoApp,
    apps,
    grants: { codes: list(file.codes, 'codes').map(parseCode), tokens: list(file.tokens, 'tokens').map(parseToken) },
  };
}
