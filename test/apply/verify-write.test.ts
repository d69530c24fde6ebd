import { describe, expect, it } from 'vitest';
import { applyPlan, type ApplyOptions } from '../../src/apply/apply-plan.js';
import type { ApplyEvent, ApplyResult } from '../../src/apply/types.js';
import type { PushSummary } from '../../src/data/types.js';
import { createGraphClient } from '../../src/graph/client.js';
import { canonicalDefinition } from '../../src/model/canonical.js';
import type { SourceDeclaration, SourceDefinition } from '../../src/model/types.js';
import { buildPlan } from '../../src/plan/build-plan.js';
import { emptyState, stateEntry, withSource } from '../../src/state/state.js';
import type { State } from '../../src/state/types.js';
import { sampleDefinition } from '../helpers/emulator.js';
import { startFakeGraphService, withoutProperty, type FakeService, type FakeServiceOptions } from './fake-graph-service.js';

const LINEAGE = '00000000-0000-4000-8000-000000000000';

interface Run {
  result: ApplyResult;
  state: State;
  events: ApplyEvent[];
  /** The waits between reads back, in ms. */
  sleeps: number[];
  repushed: string[];
}

interface Scenario {
  /** What state records before the apply (and the service holds): id → definition. */
  applied?: Record<string, SourceDefinition>;
  declared: Record<string, SourceDefinition>;
  /** Sources declaring `data:` files. */
  withData?: string[];
  options?: Partial<Pick<ApplyOptions, 'verify' | 'verifySettleMs' | 'stop'>>;
}

/** Plans `declared` against `applied` and applies it to `service`, as the CLI does, with waits recorded instead of slept. */
async function applyTo(service: FakeService, scenario: Scenario): Promise<Run> {
  let state = emptyState(LINEAGE);
  for (const [id, definition] of Object.entries(scenario.applied ?? {})) {
    state = withSource(state, id, stateEntry(definition, '2026-11-21T10:00:00.000Z', 'test'));
    service.sources.set(id, { current: definition, previous: undefined, readsSinceWrite: 0 });
  }
  const declarations: SourceDeclaration[] = Object.entries(scenario.declared).map(([id, definition]) => ({
    id,
    definition,
    data: scenario.withData?.includes(id) === true ? ['data/*.ndjson'] : [],
    file: `content-sources/${id}.yaml`,
  }));
  const plan = buildPlan({
    environment: 'test',
    state,
    declarations,
    remote: {},
    options: { prune: false, strategy: 'auto', targets: undefined },
    createdAt: '2026-11-22T10:00:00.000Z',
    tool: { name: 'graphform', version: 'test' },
    diagnostics: [],
  });
  const run: Omit<Run, 'result'> = { state, events: [], sleeps: [], repushed: [] };
  const result = await applyPlan({
    plan,
    client: createGraphClient({ baseUrl: service.url, auth: { scheme: 'basic', appKey: 'key', secret: 'c2VjcmV0' }, maxAttempts: 1 }),
    declarations,
    state,
    writeState: async (next) => {
      run.state = next;
    },
    now: () => new Date('2026-11-22T10:00:00.000Z'),
    toolVersion: 'test',
    parallelism: 1,
    repushData: async (declaration) => {
      run.repushed.push(declaration.id);
      return pushed(declaration.id);
    },
    onEvent: (event) => run.events.push(event),
    sleep: async (ms) => {
      run.sleeps.push(ms);
    },
    verifySettleMs: 1_000,
    ...scenario.options,
  });
  return { ...run, result };
}

function pushed(sourceId: string): PushSummary {
  return {
    sourceId,
    status: 'sent',
    validation: { files: 1, items: 0, deletes: 0, invalidItems: 0, errors: 0, warnings: 0, diagnostics: [], omittedErrors: 0, omittedWarnings: 0 },
    itemsSent: 0,
    itemsSkipped: 0,
    itemsNotSent: 0,
    batches: 0,
    bytes: 0,
    seconds: 0,
    validateSeconds: 0,
    itemsPerSecond: 0,
    megabytesPerSecond: 0,
    failedBatches: [],
  };
}

const shop = sampleDefinition();
/** A full update: Product.Tags removed. */
const shopWithoutTags = withoutProperty(shop, 'Product', 'Tags');
/** A partial update: Product.Color added. */
const shopWithColor: SourceDefinition = {
  ...shop,
  contentTypes: {
    ...shop.contentTypes,
    Product: { ...shop.contentTypes.Product!, properties: { ...shop.contentTypes.Product!.properties, Color: { type: 'String' } } },
  },
};

function service(options: FakeServiceOptions = {}): Promise<FakeService> {
  return startFakeGraphService(options);
}

function canonical(definition: SourceDefinition | undefined): SourceDefinition | undefined {
  return definition === undefined ? undefined : canonicalDefinition(definition);
}

describe('apply verifies every write', () => {
  it('reads each write back and records the declaration when the service holds it', async () => {
    const fake = await service();
    const run = await applyTo(fake, { applied: { shop }, declared: { shop: shopWithColor, blog: { ...shop, label: 'Blog' } } });
    expect(run.result.ok, JSON.stringify(run.result.outcomes)).toBe(true);
    expect(fake.requests).toEqual([
      'PUT /api/content/v3/types?id=blog',
      'GET /api/content/v3/types?id=blog',
      'POST /api/content/v3/types?id=shop',
      'GET /api/content/v3/types?id=shop',
    ]);
    expect(run.sleeps).toEqual([]);
    expect(canonical(run.state.sources.shop?.definition)).toEqual(canonical(shopWithColor));
  });

  it('stops a source whose read back lacks a property it was sent, with the diff, and records what the service holds', async () => {
    const fake = await service({ readTypes: (s) => ({ status: 200, body: withoutProperty(s.current!, 'Product', 'Quantity') }) });
    const run = await applyTo(fake, { declared: { shop } });
    expect(run.result.ok).toBe(false);
    const outcome = run.result.outcomes[0]!;
    expect(outcome).toMatchObject({ id: 'shop', status: 'failed', errorCode: 'GF_APPLY_INCONSISTENT' });
    expect(outcome.error).toContain('The graph service accepted PUT types for source shop, but GET types answers something else');
    expect(outcome.error).toContain('--- shop (PUT types body)');
    expect(outcome.error).toContain('+++ shop (GET types)');
    expect(outcome.error).toMatch(/^-\s+"Quantity": \{$/m);
    // A difference that is not the old definition counts at once.
    expect(run.sleeps).toEqual([]);
    expect(canonical(run.state.sources.shop?.definition)).toEqual(canonical(withoutProperty(shop, 'Product', 'Quantity')));
    expect(run.events.filter((e) => e.type === 'applied')).toEqual([]);
  });

  it('compares a POST types by the content types and languages it sent', async () => {
    const fake = await service({ readTypes: (s) => ({ status: 200, body: { ...withoutProperty(s.current!, 'Product', 'Color'), languages: ['en'] } }) });
    const run = await applyTo(fake, { applied: { shop }, declared: { shop: shopWithColor } });
    const error = run.result.outcomes[0]?.error ?? '';
    expect(run.result.outcomes[0]?.errorCode).toBe('GF_APPLY_INCONSISTENT');
    expect(error).toContain('--- shop (POST types body)');
    expect(error).toMatch(/^-\s+"Color": \{$/m);
    expect(error).toMatch(/^-\s+"sv"$/m);
    // Item was not in the body: it is not compared, nor shown.
    expect(error).not.toMatch(/"Item": \{/);
    expect(run.state.sources.shop?.definition.languages).toEqual(['en']);
    expect(run.state.sources.shop?.definition.contentTypes.Product?.properties.Color).toBeUndefined();
  });

  it('reads again while the service still shows the old definition, and passes once it shows the new one', async () => {
    const fake = await service({ readTypes: (s) => ({ status: 200, body: s.readsSinceWrite < 2 ? s.previous : s.current }) });
    const run = await applyTo(fake, { applied: { shop }, declared: { shop: shopWithoutTags } });
    expect(run.result.ok, JSON.stringify(run.result.outcomes)).toBe(true);
    expect(run.sleeps).toEqual([250, 500]);
    expect(run.events.filter((e) => e.type === 'verify-waiting')).toEqual([{ type: 'verify-waiting', id: 'shop', request: 'types.put', settleMs: 1_000 }]);
    expect(fake.requests.filter((r) => r.startsWith('GET'))).toHaveLength(3);
    expect(canonical(run.state.sources.shop?.definition)).toEqual(canonical(shopWithoutTags));
  });

  it('gives up on a read that keeps the old definition after the bound, records it, and still re-pushes the wiped items', async () => {
    const fake = await service({ readTypes: (s) => ({ status: 200, body: s.previous }) });
    const run = await applyTo(fake, { applied: { shop }, declared: { shop: shopWithoutTags }, withData: ['shop'] });
    expect(run.result.ok).toBe(false);
    expect(run.result.outcomes[0]).toMatchObject({ status: 'failed', errorCode: 'GF_APPLY_INCONSISTENT', repush: { status: 'sent' } });
    expect(run.result.outcomes[0]?.error).toContain('it still showed the definition from before the request after 1.0s');
    // 250 + 500, then what is left of the 1 s bound.
    expect(run.sleeps).toEqual([250, 500, 250]);
    expect(canonical(run.state.sources.shop?.definition)).toEqual(canonical(shop));
    // The PUT deleted the items whatever it stored: they are pushed again, and the marker cleared.
    expect(run.repushed).toEqual(['shop']);
    expect(run.state.sources.shop?.pending).toBeUndefined();
    expect(run.events.map((e) => e.type)).toEqual(['start', 'verify-waiting', 'failed', 'repush']);
  });

  it('a create the service never shows leaves the source out of state', async () => {
    const fake = await service({ readTypes: () => ({ status: 404 }) });
    const run = await applyTo(fake, { declared: { shop } });
    expect(run.result.outcomes[0]?.errorCode).toBe('GF_APPLY_INCONSISTENT');
    expect(run.result.outcomes[0]?.error).toContain('GET types says the source does not exist');
    expect(run.sleeps).toEqual([250, 500, 250]);
    expect(run.state.sources.shop).toBeUndefined();
  });

  it('a read back that fails fails the source and leaves the write out of state', async () => {
    const fake = await service({ readTypes: () => ({ status: 500, body: 'boom' }) });
    const run = await applyTo(fake, { declared: { shop } });
    expect(run.result.outcomes[0]).toMatchObject({ status: 'failed', errorCode: 'GF_GRAPH_HTTP_500' });
    expect(run.result.outcomes[0]?.error).toContain(
      'The graph service accepted PUT types for source shop, but reading it back (GET types) failed: The graph service answered 500',
    );
    expect(run.state.sources.shop).toBeUndefined();
  });

  it('an interrupt ends the wait: the last read counts', async () => {
    const stop = new AbortController();
    const fake = await service({
      readTypes: (s) => {
        stop.abort();
        return { status: 200, body: s.previous };
      },
    });
    const run = await applyTo(fake, { applied: { shop }, declared: { shop: shopWithoutTags }, options: { stop: stop.signal } });
    expect(run.result.outcomes[0]?.errorCode).toBe('GF_APPLY_INCONSISTENT');
    expect(run.sleeps).toEqual([]);
    expect(run.result.stopped).toBe(true);
  });

  it('warns once and applies without the check where GET types is not offered', async () => {
    const fake = await service({ readTypes: () => ({ status: 405 }) });
    const run = await applyTo(fake, { declared: { shop, blog: { ...shop, label: 'Blog' } } });
    expect(run.result.ok, JSON.stringify(run.result.outcomes)).toBe(true);
    expect(run.events.filter((e) => e.type === 'verify-skipped')).toEqual([
      { type: 'verify-skipped', endpoint: 'types', reason: 'the service does not offer GET types' },
    ]);
    // Known after the first source: the second is not read back at all.
    expect(fake.requests.filter((r) => r.startsWith('GET'))).toEqual(['GET /api/content/v3/types?id=blog']);
    expect(Object.keys(run.state.sources)).toEqual(['blog', 'shop']);
  });

  it('with verify: false sends no read after a write', async () => {
    const fake = await service({ readTypes: () => ({ status: 200, body: {} }) });
    const run = await applyTo(fake, { applied: { shop }, declared: { shop: shopWithColor }, options: { verify: false } });
    expect(run.result.ok).toBe(true);
    expect(fake.requests).toEqual(['POST /api/content/v3/types?id=shop']);
  });

  it('sends and reads nothing when the plan has nothing to send', async () => {
    const fake = await service();
    const run = await applyTo(fake, { applied: { shop }, declared: { shop } });
    expect(run.result.outcomes).toEqual([]);
    expect(fake.requests).toEqual([]);
  });
});

describe('apply verifies label and description writes', () => {
  it('passes when the service answers a null description for none declared', async () => {
    const fake = await service({ readSource: (s, id) => ({ status: 200, body: [{ id, label: s.current?.label, description: null, languages: ['en'] }] }) });
    const run = await applyTo(fake, { applied: { shop }, declared: { shop: { ...shop, label: 'Shop catalogue, 2026' } } });
    expect(run.result.ok, JSON.stringify(run.result.outcomes)).toBe(true);
    expect(fake.requests).toEqual(['POST /api/content/v3/sources?id=shop', 'GET /api/content/v3/sources?id=shop']);
  });

  it('stops on a description the service keeps old, after the bound, and records the labels it holds', async () => {
    const fake = await service({
      readSource: (s, id) => ({ status: 200, body: [{ id, label: s.current?.label, description: s.previous?.description ?? '', languages: ['en'] }] }),
    });
    const run = await applyTo(fake, { applied: { shop }, declared: { shop: { ...shop, description: 'Everything we sell' } } });
    const outcome = run.result.outcomes[0]!;
    expect(outcome.errorCode).toBe('GF_APPLY_INCONSISTENT');
    expect(outcome.error).toContain('--- shop (POST sources body)');
    expect(outcome.error).toMatch(/^-\s+"description": "Everything we sell",$/m);
    expect(run.sleeps).toEqual([250, 500, 250]);
    expect(run.state.sources.shop?.definition.description).toBeUndefined();
    expect(canonical(run.state.sources.shop?.definition)).toEqual(canonical(shop));
  });

  it('checks the label and description of a create after its PUT', async () => {
    const fake = await service({
      readSource: (s, id) => ({ status: 200, body: [{ id, label: 'Renamed by the service', description: s.current?.description, languages: ['en'] }] }),
    });
    const run = await applyTo(fake, { declared: { shop: { ...shop, description: 'Everything we sell' } } });
    expect(run.result.outcomes[0]?.errorCode).toBe('GF_APPLY_INCONSISTENT');
    expect(fake.requests).toEqual([
      'PUT /api/content/v3/types?id=shop',
      'GET /api/content/v3/types?id=shop',
      'POST /api/content/v3/sources?id=shop',
      'GET /api/content/v3/sources?id=shop',
    ]);
    // The types were verified; the labels are the service's.
    expect(run.state.sources.shop?.definition).toMatchObject({ label: 'Renamed by the service', description: 'Everything we sell', languages: shop.languages });
    expect(canonical(run.state.sources.shop?.definition)?.contentTypes).toEqual(canonical(shop)?.contentTypes);
  });

  it('warns once and applies without the check where there is no sources API', async () => {
    const fake = await service({ readSource: () => ({ status: 405 }) });
    const run = await applyTo(fake, {
      applied: { shop, blog: { ...shop, label: 'Blog' } },
      declared: { shop: { ...shop, description: 'Shop' }, blog: { ...shop, label: 'Blog', description: 'Blog' } },
    });
    expect(run.result.ok, JSON.stringify(run.result.outcomes)).toBe(true);
    const skipped = run.events.filter((e) => e.type === 'verify-skipped');
    expect(skipped).toHaveLength(1);
    expect(skipped[0]).toMatchObject({ endpoint: 'sources' });
    expect(fake.requests.filter((r) => r.startsWith('GET'))).toEqual(['GET /api/content/v3/sources?id=blog']);
  });
});
