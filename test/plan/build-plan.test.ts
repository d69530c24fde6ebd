import { wireDefinition } from '../../src/model/wire.js';
import { describe, expect, it } from 'vitest';
import { isGraphformError } from '../../src/diagnostics/errors.js';
import { buildPlan } from '../../src/plan/build-plan.js';
import { hashDeclarations } from '../../src/model/hash.js';
import { detailedExitCode, hasChanges, withoutQuietSources } from '../../src/plan/policy.js';
import { fullBody } from '../../src/plan/request-body.js';
import type { SourceDefinition } from '../../src/model/types.js';
import { declaration, edit, LINEAGE, planOf, shop, stateOf } from './builders.js';

const blog: SourceDefinition = { label: 'Blog', languages: ['en'], contentTypes: { Post: { contentType: [], properties: { Title: { type: 'String' } } } } };

describe('buildPlan', () => {
  it('writes the contract shape: sources by id, six counters, state and hash', () => {
    const plan = planOf({
      applied: { shop: shop(), old: blog },
      declared: [
        declaration(
          'shop',
          edit(shop(), (d) => void delete d.contentTypes.Product!.properties.Color),
        ),
        declaration('blog', blog),
      ],
      remote: { blog: { status: 'missing' } },
    });
    expect(Object.keys(plan)).toEqual([
      'formatVersion',
      'tool',
      'environment',
      'state',
      'desiredHash',
      'createdAt',
      'summary',
      'sources',
      'unmanaged',
      'diagnostics',
    ]);
    expect(plan.formatVersion).toBe(2);
    expect(plan.unmanaged).toEqual([]);
    expect(plan.state).toEqual({ lineage: LINEAGE, serial: 2 });
    expect(plan.desiredHash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(plan.summary).toEqual({ create: 1, partial: 0, full: 1, delete: 0, orphan: 1, none: 0, pending: 0, dataLoss: true });
    expect(plan.sources.map((s) => [s.id, s.action])).toEqual([
      ['blog', 'create'],
      ['old', 'orphan'],
      ['shop', 'full'],
    ]);
    expect(Object.keys(plan.sources[0] ?? {})).toEqual(['id', 'action', 'dataLoss', 'reasons', 'changes', 'requests']);
    expect(plan.sources[2]?.changes).toEqual([
      { kind: 'property.removed', path: 'contentTypes.Product.properties.Color', before: { type: 'String' }, after: null },
    ]);
  });

  it("lists the account's sources that are neither declared nor in state as unmanaged, never the CMS's own", () => {
    const plan = planOf({
      applied: { old: blog },
      declared: [declaration('shop', shop())],
      account: [
        { id: 'default', label: 'CMS', languages: ['en'] },
        { id: 'zz', label: 'Gadgets', description: 'by another team', languages: ['en', 'fi'] },
        { id: 'shop', label: 'Shop catalogue', languages: ['en', 'sv'] },
        { id: 'old', label: 'Blog', languages: ['en'] },
        { id: 'aa', label: 'A', languages: [] },
      ],
    });
    expect(plan.unmanaged).toEqual([
      { id: 'aa', label: 'A', languages: [] },
      { id: 'zz', label: 'Gadgets', languages: ['en', 'fi'] },
    ]);
  });

  it('has state null when there is no state yet', () => {
    const plan = planOf({ noState: true, declared: [declaration('blog', blog)], remote: { blog: { status: 'missing' } } });
    expect(plan.state).toBeNull();
    expect(plan.sources[0]?.action).toBe('create');
  });

  it('--source plans only the named sources, orphans included', () => {
    const plan = planOf({
      applied: { shop: shop(), old: blog },
      declared: [
        declaration(
          'shop',
          edit(shop(), (d) => void (d.label = 'x')),
        ),
        declaration('blog', blog),
      ],
      options: { targets: ['old', 'shop'], prune: true },
    });
    expect(plan.sources.map((s) => [s.id, s.action])).toEqual([
      ['old', 'delete'],
      ['shop', 'partial'],
    ]);
    expect(plan.summary.create).toBe(0);
  });

  it('--source with an unknown id fails with the known ids and a suggestion', () => {
    let thrown: unknown;
    try {
      planOf({ applied: { shop: shop() }, declared: [declaration('shop', shop()), declaration('blog', blog)], options: { targets: ['shpo'] } });
    } catch (error) {
      thrown = error;
    }
    expect(isGraphformError(thrown)).toBe(true);
    if (!isGraphformError(thrown)) return;
    expect(thrown.code).toBe('GF_PLAN_UNKNOWN_SOURCE');
    expect(thrown.message).toContain('did you mean `shop`?');
    expect(thrown.hint).toBe('Known sources: blog, shop');
  });

  it('an empty target list plans everything', () => {
    const plan = planOf({ applied: {}, declared: [declaration('shop', shop())], options: { targets: [] } });
    expect(plan.sources).toHaveLength(1);
  });

  it('passes diagnostics through, sorted', () => {
    const d = (file: string, line: number) => ({
      code: 'GF_YAML_WARNING' as const,
      severity: 'warning' as const,
      message: 'm',
      file,
      line,
      column: 1,
      path: '',
    });
    const plan = buildPlan({
      environment: 'e',
      state: undefined,
      declarations: [],
      remote: {},
      options: { prune: false, strategy: 'auto', targets: undefined },
      createdAt: 'now',
      tool: { name: 'graphform', version: '0.1.0' },
      diagnostics: [d('b.yaml', 1), d('a.yaml', 9), d('a.yaml', 2)],
    });
    expect(plan.diagnostics.map((x) => `${x.file}:${x.line}`)).toEqual(['a.yaml:2', 'a.yaml:9', 'b.yaml:1']);
    expect(plan.sources).toEqual([]);
  });

  it('desiredHash ignores the declaring file and property order, but not data globs', () => {
    const one = planOf({ declared: [declaration('shop', shop())] });
    const moved = planOf({ declared: [{ ...declaration('shop', shop()), file: 'elsewhere/shop.yml' }] });
    const withData = planOf({ declared: [declaration('shop', shop(), ['data/*.ndjson'])] });
    expect(moved.desiredHash).toBe(one.desiredHash);
    expect(withData.desiredHash).not.toBe(one.desiredHash);
  });

  it('desiredHash is hashDeclarations of every declaration, whatever --source selects, and with an id declared twice', () => {
    const declared = [declaration('zz', blog), declaration('shop', shop(), ['d/*.ndjson']), declaration('blog', blog)];
    expect(planOf({ declared }).desiredHash).toBe(hashDeclarations(declared));
    expect(planOf({ declared, options: { targets: ['blog'] } }).desiredHash).toBe(hashDeclarations(declared));
    expect(planOf({ declared, applied: { old: blog } }).desiredHash).toBe(hashDeclarations(declared));
    const twice = [
      ...declared,
      declaration(
        'blog',
        edit(blog, (d) => void (d.label = 'other')),
      ),
    ];
    expect(planOf({ declared: twice }).desiredHash).toBe(hashDeclarations(twice));
  });

  it('is deterministic: the same input gives the same plan', () => {
    const input = {
      applied: { shop: shop() },
      declared: [
        declaration(
          'shop',
          edit(shop(), (d) => void (d.label = 'x')),
        ),
      ],
    };
    expect(JSON.stringify(planOf(input))).toBe(JSON.stringify(planOf(input)));
  });
});

describe('request bodies', () => {
  it('PUT sends only the service fields, in declared order, names filled, unknown fields spread at their level', () => {
    const declared = {
      label: 'S',
      languages: ['sv', 'en'],
      propertyTypes: { Dim: { properties: { W: { type: 'Float' } } } },
      contentTypes: { B: { contentType: [], properties: { Z: { type: 'String', searchable: false }, A: { type: 'Dim' } }, description: 'x' } },
      displayName: 'not a contract field',
    } as unknown as SourceDefinition;
    const body = fullBody(declared);
    expect(JSON.stringify(wireDefinition(body))).toBe(
      JSON.stringify({
        label: 'S',
        languages: ['sv', 'en'],
        propertyTypes: { Dim: { properties: { W: { name: 'W', type: 'Float' } } } },
        contentTypes: { B: { contentType: [], description: 'x', properties: { Z: { type: 'String', searchable: false }, A: { type: 'Dim' } } } },
      }),
    );
    const unknown = fullBody({
      ...declared,
      unknownFields: { slot: 'new' },
      contentTypes: { B: { contentType: [], properties: { Z: { type: 'String', unknownFields: { unit: 'cm' } } } } },
    });
    expect(wireDefinition(unknown)).toEqual({
      label: 'S',
      languages: ['sv', 'en'],
      propertyTypes: { Dim: { properties: { W: { name: 'W', type: 'Float' } } } },
      contentTypes: { B: { contentType: [], properties: { Z: { type: 'String', unit: 'cm' } } } },
      slot: 'new',
    });
  });
});

describe('policy', () => {
  it('detailedExitCode: 0 nothing to send, 2 changes, 3 data loss', () => {
    expect(detailedExitCode(planOf({ applied: { shop: shop() }, declared: [declaration('shop', shop())] }))).toBe(0);
    const orphanOnly = planOf({ applied: { shop: shop() } });
    expect(hasChanges(orphanOnly)).toBe(false);
    expect(detailedExitCode(orphanOnly)).toBe(0);
    const partial = edit(shop(), (d) => void d.languages.push('de'));
    expect(detailedExitCode(planOf({ applied: { shop: shop() }, declared: [declaration('shop', partial)] }))).toBe(2);
    const full = edit(shop(), (d) => void (d.languages = ['en']));
    expect(detailedExitCode(planOf({ applied: { shop: shop() }, declared: [declaration('shop', full)] }))).toBe(3);
  });

  it('withoutQuietSources drops unchanged sources without reasons', () => {
    const plan = planOf({
      applied: { shop: shop(), blog },
      declared: [
        declaration('shop', shop()),
        declaration(
          'blog',
          edit(blog, (d) => void (d.label = 'B')),
        ),
      ],
    });
    expect(withoutQuietSources(plan).sources.map((s) => s.id)).toEqual(['blog']);
  });

  it('stateOf builds serials one write at a time', () => {
    expect(stateOf({ a: blog, b: blog, c: blog }).serial).toBe(3);
  });
});

describe('buildPlan, with a value that holds one of graphform\'s secrets ("[redacted]" in the declaration or the service\'s definition)', () => {
  const held = edit(shop(), (d) => void (d.unknownFields = { webhookAuth: '[redacted]' }));
  const found = (definition: SourceDefinition) => ({
    status: 'found' as const,
    definition,
    unknown: Object.keys(definition.unknownFields ?? {}),
    hasDescription: false,
  });

  it('names the field in a GF_SECRET_IN_DEFINITION warning, also when nothing changes', () => {
    const plan = planOf({ applied: { shop: held }, declared: [declaration('shop', held)], remote: { shop: found(held) } });
    expect(plan.sources[0]?.action).toBe('none');
    expect(plan.sources[0]?.reasons).toEqual([
      expect.stringMatching(
        /^Warning: GF_SECRET_IN_DEFINITION: source shop holds one of graphform's configured secrets at webhookAuth\. graphform never writes it/,
      ),
    ]);
  });

  it('says apply refuses a request that would send "[redacted]" where the service holds no secret', () => {
    const plain = edit(shop(), (d) => void (d.unknownFields = { webhookAuth: 'https://hooks.example.com/plain' }));
    const adding = edit(held, (d) => void (d.contentTypes.Product!.properties.Weight = { type: 'Float' }));
    const plan = planOf({ applied: { shop: held }, declared: [declaration('shop', adding)], remote: { shop: found(plain) } });
    expect(plan.sources[0]?.requests.length).toBeGreaterThan(0);
    expect(plan.sources[0]?.reasons.join('\n')).toContain(
      'the service holds no secret at webhookAuth, so apply refuses to send this source (GF_GRAPH_SECRET_NOT_HELD)',
    );
    const unasked = planOf({ applied: { shop: held }, declared: [declaration('shop', adding)] });
    expect(unasked.sources[0]?.reasons.join('\n')).not.toContain('apply refuses');
  });

  it('says nothing of secrets for a source without one', () => {
    const plan = planOf({ applied: { shop: shop() }, declared: [declaration('shop', shop())], remote: { shop: found(shop()) } });
    expect(plan.sources[0]?.reasons).toEqual([]);
  });
});
