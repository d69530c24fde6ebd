import { onTestFinished } from 'vitest';
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../src/emulator/index.js';
import { createGraphClient, type GraphClientOptions } from '../../src/graph/client.js';
import type { GraphClient } from '../../src/graph/types.js';
import type { SourceDefinition } from '../../src/model/types.js';

/**
 * Starts an emulator on an ephemeral 127.0.0.1 port for the current test and closes it
 * when the test finishes (call it inside a test, not at module level).
 */
export async function startTestEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const emulator = await startEmulator({ port: 0, ...options });
  onTestFinished(() => emulator.close());
  return emulator;
}

/**
 * A graph client signed for the emulator (epi-hmac unless `scheme` says otherwise). Retries
 * wait for nothing unless `sleep` is given, so retry tests stay fast.
 */
export function graphClientFor(
  emulator: Pick<RunningEmulator, 'url' | 'credentials'>,
  options: Partial<Omit<GraphClientOptions, 'auth'>> & { scheme?: 'basic' | 'hmac' } = {},
): GraphClient {
  const { scheme = 'hmac', ...rest } = options;
  return createGraphClient({
    baseUrl: emulator.url,
    auth: { scheme, appKey: emulator.credentials.appKey, secret: emulator.credentials.secret },
    sleep: async () => undefined,
    ...rest,
  });
}

/** A small valid definition: abstract Item, Product deriving from it, a property type. */
export function sampleDefinition(overrides: Partial<SourceDefinition> = {}): SourceDefinition {
  return {
    label: 'Shop catalogue',
    languages: ['en', 'sv'],
    propertyTypes: {
      Dimensions: { properties: { Width: { name: 'Width', type: 'Float' }, Height: { name: 'Height', type: 'Float' } } },
    },
    contentTypes: {
      Item: { abstract: true, contentType: [], properties: { Name: { type: 'String', searchable: true } } },
      Product: { contentType: ['Item'], properties: { Quantity: { type: 'Int' }, Size: { type: 'Dimensions' }, Tags: { type: '[String]' } } },
    },
    ...overrides,
  };
}

export interface SampleItem {
  id: string | number;
  language: string;
  contentType?: string[];
  fields?: Record<string, unknown>;
}

/**
 * NDJSON in the service's wire form: an index action line, then the data line, per item.
 * The fields named in `searchable` go under their searchable wire name (`['Name']` for
 * sampleDefinition), as the vendor's clients send them: GraphQL serves nothing else.
 */
export function indexLines(items: readonly SampleItem[], searchable: readonly string[] = []): string {
  return items
    .map((item) => {
      const action = JSON.stringify({ index: { _id: item.id, language_routing: item.language } });
      const plain: Record<string, unknown> = {
        Name: `Item ${item.id}`,
        ContentType: item.contentType ?? ['Item', 'Product'],
        Status: 'Published',
        _rbac: 'r:Everyone:Read',
        ...item.fields,
      };
      const data = JSON.stringify(
        Object.fromEntries(Object.entries(plain).map(([key, value]) => [searchable.includes(key) ? `${key}___searchable` : key, value])),
      );
      return `${action}\n${data}\n`;
    })
    .join('');
}

/**
 * Whether a logged request changes something: not a GET, and not a content GraphQL query
 * (a POST that only reads: plan's wipe counts and apply's waits ask it).
 */
export function isWrite(request: { method: string; path: string }): boolean {
  return request.method !== 'GET' && !request.path.startsWith('/content/v2');
}
