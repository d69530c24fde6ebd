import { describe, expect, it } from 'vitest';
import { checkPlanFreshness, stalePlanError } from '../../src/plan/freshness.js';
import { parsePlanFile, serializePlan } from '../../src/plan/plan-file.js';
import { hashDeclarations } from '../../src/model/hash.js';
import { stateEntry, withSource } from '../../src/state/state.js';
import { declaration, edit, planOf, shop, stateOf } from './builders.js';
import { thrownBy } from '../helpers/graphform-error.js';

const declared = [
  declaration(
    'shop',
    edit(shop(), (d) => void delete d.contentTypes.Product!.properties.Color),
    ['data/shop/*.ndjson'],
  ),
];
const plan = planOf({ applied: { shop: shop() }, declared, options: { prune: true } });
const put = plan.sources[0]?.requests[0];

describe('plan files', () => {
  it('round-trips', () => {
    const text = serializePlan(plan);
    expect(text.endsWith('}\n')).toBe(true);
    expect(text).toContain('\n  "formatVersion": 2,');
    expect(parsePlanFile(text, 'plan.json')).toEqual(plan);
  });

  it('round-trips the counts of what a wipe deletes, known or not', () => {
    for (const deletes of [
      { known: true, total: 44, byLanguage: { en: 40, sv: 4 } },
      { known: false, reason: 'no read key' },
    ] as const) {
      const counted = { ...plan, sources: plan.sources.map((s) => ({ ...s, deletes })) };
      expect(parsePlanFile(serializePlan(counted), 'plan.json')).toEqual(counted);
    }
  });

  it.each([
    ['not JSON', '{', /is not valid JSON/],
    ['an array', '[]', /is not a JSON object/],
    ['another tool', JSON.stringify({ ...plan, tool: { name: 'terraform', version: '1.9.0' } }), /was not written by graphform/],
    [
      'a newer format',
      JSON.stringify({ ...plan, formatVersion: 3 }),
      /has formatVersion 3, written by graphform 0.1.0; this version reads only formatVersion 2/,
    ],
    [
      'a version 1 plan',
      JSON.stringify({ ...plan, formatVersion: 1 }),
      /has formatVersion 1, written by graphform 0.1.0 before plans could hold several requests per source/,
    ],
    ['an unknown action', JSON.stringify({ ...plan, sources: [{ ...plan.sources[0], action: 'replace' }] }), /sources\[0\]: unknown action "replace"/],
    [
      'an unknown change kind',
      JSON.stringify({ ...plan, sources: [{ ...plan.sources[0], changes: [{ kind: 'property.renamed', path: 'x' }] }] }),
      /unknown change "property.renamed"/,
    ],
    ['a version 1 request', JSON.stringify({ ...plan, sources: [{ ...plan.sources[0], requests: undefined, request: put }] }), /requests is not a list/],
    ['a PUT without a body', JSON.stringify({ ...plan, sources: [{ ...plan.sources[0], requests: [{ ...put, body: null }] }] }), /does not fit its body/],
    [
      'an unknown request kind',
      JSON.stringify({ ...plan, sources: [{ ...plan.sources[0], requests: [{ ...put, kind: 'data.delete' }] }] }),
      /unknown request kind "data.delete"/,
    ],
    [
      'a kind sent with the wrong method',
      JSON.stringify({ ...plan, sources: [{ ...plan.sources[0], requests: [{ ...put, method: 'POST' }] }] }),
      /a types.put request is sent with PUT, not "POST"/,
    ],
    ['a full without a request', JSON.stringify({ ...plan, sources: [{ ...plan.sources[0], requests: [] }] }), /action full does not send nothing/],
    [
      'a PUT disguised as a partial update',
      JSON.stringify({ ...plan, sources: [{ ...plan.sources[0], action: 'partial', dataLoss: false }] }),
      /action partial does not send types.put/,
    ],
    [
      'a full update without its data-loss flag',
      JSON.stringify({ ...plan, sources: [{ ...plan.sources[0], dataLoss: false }] }),
      /dataLoss false does not fit action full/,
    ],
    [
      'a create that deletes the source',
      JSON.stringify({
        ...plan,
        sources: [
          {
            ...plan.sources[0],
            action: 'create',
            dataLoss: false,
            requests: [{ kind: 'sources.delete', method: 'DELETE', path: '/api/content/v3/sources?id=shop', body: null }],
          },
        ],
      }),
      /action create does not send sources.delete/,
    ],
    [
      'a delete without its data-loss flag',
      JSON.stringify({ ...plan, sources: [{ ...plan.sources[0], action: 'delete', dataLoss: false }] }),
      /dataLoss false does not fit action delete/,
    ],
    [
      'a request for another source',
      JSON.stringify({ ...plan, sources: [{ ...plan.sources[0], requests: [{ ...put, path: '/api/content/v3/types?id=blog' }] }] }),
      /is not the types.put path for source shop/,
    ],
    [
      'a request without an id',
      JSON.stringify({ ...plan, sources: [{ ...plan.sources[0], requests: [{ ...put, path: '/api/content/v3/types' }] }] }),
      /is not the types.put path for source shop/,
    ],
    [
      'a none that sends something',
      JSON.stringify({ ...plan, sources: [{ ...plan.sources[0], action: 'none', dataLoss: false }] }),
      /action none does not send types.put/,
    ],
    ['no unmanaged list', JSON.stringify({ ...plan, unmanaged: undefined }), /unmanaged is not a list/],
    [
      'a count without languages',
      JSON.stringify({ ...plan, sources: [{ ...plan.sources[0], deletes: { known: true, total: 4 } }] }),
      /sources\[0\]: deletes is neither/,
    ],
    ['an unknown count without a reason', JSON.stringify({ ...plan, sources: [{ ...plan.sources[0], deletes: { known: false } }] }), /deletes is neither/],
  ])('refuses %s with GF_PLAN_FORMAT', (_name, text, message) => {
    const error = thrownBy(() => parsePlanFile(text, 'plan.json'));
    expect(error.code).toBe('GF_PLAN_FORMAT');
    expect(error.message).toMatch(message);
    expect(error.message).toContain('plan.json');
  });

  it('says where a broken plan file stops being JSON, by line and column, without quoting it', () => {
    const text = serializePlan(plan).replace('"environment"', 'environment');
    const line = text.split('\n').findIndex((l) => l.startsWith('  environment:')) + 1;
    const error = thrownBy(() => parsePlanFile(text, 'broken.plan.json'));
    expect(error.code).toBe('GF_PLAN_FORMAT');
    expect(error.message).toBe(`The plan file broken.plan.json is not valid JSON at line ${line}, column 3 (Expected double-quoted property name).`);
    expect(error.details).toMatchObject({ file: 'broken.plan.json', line, column: 3 });
    expect(error.message, 'no position offset').not.toMatch(/position/);
    expect(error.hint).toContain('graphform plan --out FILE');
  });

  it('says a declaration given to apply is not a plan, quotes none of it, and says how to apply declarations', () => {
    const error = thrownBy(() => parsePlanFile('id: news\nlabel: News\nlanguages: [en]\n', 'content-sources/news.yaml'));
    expect(error.code).toBe('GF_PLAN_FORMAT');
    expect(error.message).toBe(
      'The plan file content-sources/news.yaml is not JSON: a plan file is a JSON object, and this one stops being JSON at line 1, column 1.',
    );
    expect(error.message, 'nothing of the file is quoted').not.toMatch(/id:|label|languages|\n/);
    expect(error.hint).toBe('apply takes a plan saved with `graphform plan --out FILE`; to apply the declarations, run `graphform apply` without a file.');
    expect(error.hint, 'not a version problem').not.toMatch(/version/);
  });

  it('holds no secrets: only definitions, paths and words', () => {
    expect(serializePlan(plan)).not.toMatch(/authorization|password|secret/i);
  });
});

describe('checkPlanFreshness', () => {
  const state = stateOf({ shop: shop() });
  const desiredHash = hashDeclarations(declared);

  it('is fresh against the same state and declarations', () => {
    expect(checkPlanFreshness(plan, { state, desiredHash, environment: 'test' })).toEqual({ fresh: true });
  });

  it('says the serial moved', () => {
    const later = withSource(withSource(state, 'x', stateEntry(shop(), 't', '0.1.0')), 'y', stateEntry(shop(), 't', '0.1.0'));
    expect(checkPlanFreshness(plan, { state: later, desiredHash })).toEqual({
      fresh: false,
      reasons: ['state serial moved from 1 to 3: something was applied since the plan was made'],
    });
  });

  it('says the lineage differs and the declarations changed', () => {
    const other = stateOf({ shop: shop() }, '00000000-0000-4000-8000-000000000000');
    expect(checkPlanFreshness(plan, { state: other, desiredHash: 'sha256:other' })).toEqual({
      fresh: false,
      reasons: [
        `state lineage differs: the plan was made against ${state.lineage}, the state is now 00000000-0000-4000-8000-000000000000 (another state file or server?)`,
        'the declarations changed since the plan was made',
      ],
    });
  });

  it('says state appeared or vanished, and another environment', () => {
    const noState = planOf({ noState: true, declared });
    expect(checkPlanFreshness(noState, { state, desiredHash })).toEqual({
      fresh: false,
      reasons: [`state was created since the plan was made (lineage ${state.lineage}, serial 1)`],
    });
    expect(checkPlanFreshness(plan, { state: undefined, desiredHash, environment: 'prod' })).toEqual({
      fresh: false,
      reasons: [
        'the plan is for environment test, not prod',
        `there is no state now, but the plan was made against state lineage ${state.lineage}, serial 1 (was the state deleted, or does the config name another state?)`,
      ],
    });
  });

  it('stalePlanError carries GF_PLAN_STALE and the reasons', () => {
    const error = stalePlanError('plan.json', ['a', 'b']);
    expect(error.code).toBe('GF_PLAN_STALE');
    expect(error.message).toBe('The plan in plan.json is stale: a; b.');
  });
});
