import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { DEFAULT_MAX_LINE_BYTES } from './body-lines.js';
import { GraphformError } from '../../diagnostics/errors.js';
import { checkFullDefinition } from '../graph/definition-shape.js';
import type { ContentSourceV3 } from '../graph/wire-definition.js';
import { seededAssets } from '../assets/seed.js';
import { checkApp } from '../auth/apps.js';
import {
  ITEM_FIELD_NAMES,
  ITEM_FIELDS_SERVED_BY_DEFAULT,
  type EmulatorAsset,
  type EmulatorCredentials,
  type EmulatorMount,
  type EmulatorOptions,
  type ItemField,
  type MarketingApp,
} from '../types.js';

export interface ResolvedEmulatorOptions {
  port: number;
  host: string;
  dataDir: string | undefined;
  maxSources: number | undefined;
  /** Checked against the definition format; undefined when not given. */
  cmsTypes: ContentSourceV3 | undefined;
  credentials: EmulatorCredentials;
  singleKey: string;
  skewMs: number;
  maxBodyBytes: number;
  maxLineBytes: number;
  now: () => number;
  mounts: EmulatorMount[];
  apps: MarketingApp[];
  demoApp: EmulatorOptions['demoApp'];
  /** The seeded ones when not given. */
  assets: EmulatorAsset[];
  /** Requests per second per token; undefined when the limit is off. */
  assetsRateLimit: number | undefined;
  schemaDelayMs: number;
  indexingLagMs: number;
  /** The item fields every content type of the content GraphQL endpoint serves, each once, in ITEM_FIELD_NAMES order. */
  itemFields: readonly ItemField[];
  /** The origins a browser may query the content GraphQL endpoint from; undefined for every loopback origin. */
  corsOrigins: readonly string[] | undefined;
}

export const EMULATOR_DEFAULTS = {
  host: '127.0.0.1',
  skewMs: 5 * 60_000,
  maxBodyBytes: 128 * 1024 * 1024,
  maxLineBytes: DEFAULT_MAX_LINE_BYTES,
  assetsRateLimit: 10,
} as const;

/** The longest a Node timer waits (about 24.8 days): a longer schema delay would fire at once. */
const MAX_DELAY_MS = 2_147_483_647;

const STRICT_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function bad(message: string): GraphformError {
  return new GraphformError('GF_EMULATOR_BAD_OPTIONS', message);
}

export function isLoopbackHost(host: string): boolean {
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1' || host === '0:0:0:0:0:0:0:1';
}

/** A fresh read key for the GraphQL endpoint: 24 random bytes, base64url (safe in ?auth= as it is). */
export function generateSingleKey(): string {
  return randomBytes(24).toString('base64url');
}

/** Read keys travel in a query string and a header: printable, no spaces, long enough to be redacted safely. */
const SINGLE_KEY = /^[A-Za-z0-9._~+/=-]{8,512}$/;

/** Fresh credentials: a hex AppKey and a base64 secret of 32 random bytes. */
export function generateCredentials(): EmulatorCredentials {
  return { appKey: randomBytes(12).toString('hex'), secret: randomBytes(32).toString('base64') };
}

function integer(value: number | undefined, name: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < min || value > max) throw bad(`${name} must be an integer from ${min} to ${max}, not ${value}`);
  return value;
}

export function resolveEmulatorOptions(options: EmulatorOptions): ResolvedEmulatorOptions {
  const host = options.host ?? EMULATOR_DEFAULTS.host;
  // Beyond loopback (a container's frontend must reach it) is allowed; the command warns.
  if (host.trim() === '' || /[\s/]/.test(host))
    throw bad(`host must be an address or name to listen on, such as 127.0.0.1 or 0.0.0.0, not ${JSON.stringify(host)}`);
  const credentials = options.credentials ?? generateCredentials();
  if (credentials.appKey === '' || credentials.appKey.includes(':')) throw bad('The app key must be non-empty and must not contain ":"');
  if (credentials.secret === '' || !STRICT_BASE64.test(credentials.secret)) throw bad('The secret must be base64 (epi-hmac signs with its decoded bytes)');
  const singleKey = options.singleKey ?? generateSingleKey();
  if (!SINGLE_KEY.test(singleKey)) throw bad('The single key must be 8 to 512 characters of letters, digits and . _ ~ + / = -');
  return {
    port: integer(options.port, 'port', 0, 65_535) ?? 0,
    host,
    dataDir: options.dataDir,
    maxSources: integer(options.maxSources, 'maxSources', 0),
    cmsTypes: checkCmsTypes(options.cmsTypes),
    credentials: { ...credentials },
    singleKey,
    skewMs: integer(options.skewMs, 'skewMs', 1) ?? EMULATOR_DEFAULTS.skewMs,
    maxBodyBytes: integer(options.maxBodyBytes, 'maxBodyBytes', 1) ?? EMULATOR_DEFAULTS.maxBodyBytes,
    maxLineBytes: integer(options.maxLineBytes, 'maxLineBytes', 1) ?? EMULATOR_DEFAULTS.maxLineBytes,
    now: options.now ?? Date.now,
    mounts: checkMounts(options.mounts ?? []),
    apps: checkApps(options.apps ?? []),
    demoApp: options.demoApp,
    assets: checkAssets(options.assets),
    assetsRateLimit:
      options.assetsRateLimit === false ? undefined : (integer(options.assetsRateLimit, 'assetsRateLimit', 1, 1_000_000) ?? EMULATOR_DEFAULTS.assetsRateLimit),
    schemaDelayMs: integer(options.schemaDelayMs, 'schemaDelayMs', 0, MAX_DELAY_MS) ?? 0,
    indexingLagMs: integer(options.indexingLagMs, 'indexingLagMs', 0, MAX_DELAY_MS) ?? 0,
    itemFields: checkItemFields(options.itemFields),
    corsOrigins: checkCorsOrigins(options.corsOrigins),
  };
}

/** itemFields as given (each once, in ITEM_FIELD_NAMES order), or the default; an unknown name is refused, naming the allowed ones. */
export function checkItemFields(given: readonly string[] | undefined): readonly ItemField[] {
  if (given === undefined) return ITEM_FIELDS_SERVED_BY_DEFAULT;
  if (!Array.isArray(given)) throw bad(`itemFields must be a list of ${ITEM_FIELD_NAMES.join(', ')}`);
  const unknown = given.find((name) => !(ITEM_FIELD_NAMES as readonly unknown[]).includes(name));
  if (unknown !== undefined)
    throw bad(`itemFields: ${JSON.stringify(unknown)} is not an item field the emulator can serve; the allowed ones are ${ITEM_FIELD_NAMES.join(', ')}`);
  return ITEM_FIELD_NAMES.filter((name) => given.includes(name));
}

/** Each origin as a browser sends it (`http://host:port`, no path), or `*` for any; `label` names where they were given. */
export function checkCorsOrigins(given: readonly string[] | undefined, label = 'corsOrigins'): readonly string[] | undefined {
  if (given === undefined) return undefined;
  for (const origin of given) {
    if (origin !== '*' && !/^https?:\/\/[^/?#\s]+$/i.test(origin))
      throw bad(`${label}: ${JSON.stringify(origin)} is not an origin such as http://localhost:3000 (scheme, host and port, no path), nor *`);
  }
  return [...given];
}

function checkApps(apps: readonly MarketingApp[]): MarketingApp[] {
  const seen = new Set<string>();
  return apps.map((app, i) => {
    const checked = checkApp(app, `apps[${i}]`);
    if (seen.has(checked.clientId)) throw bad(`apps[${i}]: the client id ${checked.clientId} is registered twice`);
    seen.add(checked.clientId);
    return checked;
  });
}

function checkAssets(assets: readonly EmulatorAsset[] | undefined): EmulatorAsset[] {
  if (assets === undefined) return seededAssets();
  const seen = new Set<string>();
  for (const [i, asset] of assets.entries()) {
    if (typeof asset.id !== 'string' || asset.id === '') throw bad(`assets[${i}]: id must be a non-empty string`);
    if (typeof asset.owner_organization_id !== 'string') throw bad(`assets[${i}]: owner_organization_id must be a string`);
    if (seen.has(asset.id)) throw bad(`assets[${i}]: the id ${asset.id} is used twice`);
    seen.add(asset.id);
  }
  return structuredClone([...assets]);
}

function checkCmsTypes(value: unknown): ContentSourceV3 | undefined {
  if (value === undefined) return undefined;
  const checked = checkFullDefinition(value);
  if (!checked.ok) throw bad(`cmsTypes is not a valid content source definition: ${checked.message}`);
  return structuredClone(checked.value);
}

const RESERVED_PREFIXES = ['/api/content/', '/_emulator/'];

function checkMounts(mounts: readonly EmulatorMount[]): EmulatorMount[] {
  const seen: string[] = [];
  for (const { prefix } of mounts) {
    if (!/^\/(?:[^/?#]+\/)+$/.test(prefix)) throw bad(`A mount prefix starts and ends with "/" and names a folder, not ${JSON.stringify(prefix)}`);
    const clash = [...RESERVED_PREFIXES, ...seen].find((p) => p.startsWith(prefix) || prefix.startsWith(p));
    if (clash !== undefined) throw bad(`The mount prefix ${prefix} overlaps ${clash}`);
    seen.push(prefix);
  }
  return [...mounts];
}
